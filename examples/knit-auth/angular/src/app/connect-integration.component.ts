// Load the component once per page, e.g. in index.html:
//   <script type="module" src="http://localhost:3000/knit-auth.js"></script>
import { Component, CUSTOM_ELEMENTS_SCHEMA, type OnInit } from '@angular/core';

// What onFinish and onDeactivate carry in event.detail.integrationDetails.
interface IntegrationDetails {
  integrationId: string;
  appId: string;
  categoryId: string;
  originOrgId: string;
  success: boolean;
  errors: { code: string; description: string; resolution: string }[];
  isDeactivated: boolean;
}
type IntegrationEvent = CustomEvent<{ integrationDetails: IntegrationDetails }>;

@Component({
  selector: 'app-connect-integration',
  standalone: true,
  // <knit-auth> is a web component, not an Angular one.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  // skipIntro skips the intro screen; leave it out to show it.
  template: `
    <knit-auth
      skipIntro
      [attr.authsessiontoken]="authSessionToken"
      (onNewSession)="refreshToken()"
      (onFinish)="onFinish($any($event))"
      (onDeactivate)="onDeactivate($any($event))"
      (onKnitClose)="onKnitClose()"
    ></knit-auth>
  `,
})
export class ConnectIntegrationComponent implements OnInit {
  authSessionToken: string | null = null;

  async ngOnInit(): Promise<void> {
    await this.refreshToken();
  }

  // The component needs a new token (opened again, or its token expired or was used): ask your backend for one.
  async refreshToken(): Promise<void> {
    const response = await fetch("/api/knit/auth-session", { method: 'POST' });
    this.authSessionToken = (await response.json()).token;
  }

  onFinish(event: IntegrationEvent): void {
    console.log('Integration finished', event.detail.integrationDetails);
  }

  onDeactivate(event: IntegrationEvent): void {
    console.log('Integration deactivated', event.detail.integrationDetails);
  }

  onKnitClose(): void {
    console.log('Auth component closed');
  }
}
