import { describe, expect, it } from 'vitest';
import { appLogoUrl } from '../../../src/engine/repositories/integratedAccounts.ts';
import { appIdOfLogoKey, appLogoKey, svgOfDataUri } from '../../../src/engine/services/uploads.ts';

describe('app logos in the lists', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>Q&amp;O #1</text></svg>';

  it('link a catalog data: URI to the engine, and send any other absolute URL as stored', () => {
    expect(appLogoUrl('https://dash.example', 'quickbooks', `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`))
      .toBe('https://dash.example/api/app.uploads/app-quickbooks.svg');
    expect(appLogoUrl('https://dash.example', 'x', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(appLogoUrl('https://dash.example', 'x', 'logos/x.png')).toBeUndefined();
    expect(appLogoUrl('https://dash.example', 'x', null)).toBeUndefined();
  });

  it('serve the svg of base64 and percent-encoded data: URIs, and nothing for other data', () => {
    expect(svgOfDataUri(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`)?.toString()).toBe(svg);
    expect(svgOfDataUri(`data:image/svg+xml,${encodeURIComponent(svg)}`)?.toString()).toBe(svg);
    expect(svgOfDataUri('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(svgOfDataUri('https://cdn.example/x.svg')).toBeUndefined();
  });

  it('name catalog logos apart from uploads', () => {
    expect(appIdOfLogoKey(appLogoKey('google_calendar'))).toBe('google_calendar');
    expect(appIdOfLogoKey('upl_abc-logo.svg')).toBeUndefined();
    expect(appIdOfLogoKey('default-logo.svg')).toBeUndefined();
  });
});
