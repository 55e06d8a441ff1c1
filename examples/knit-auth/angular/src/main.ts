import { bootstrapApplication } from '@angular/platform-browser';
import { ConnectIntegrationComponent } from './app/connect-integration.component';

// The embed guide's Angular snippet (app/connect-integration.component.ts) as the whole app.
bootstrapApplication(ConnectIntegrationComponent).catch((error: unknown) => console.error(error));
