import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgProblem, type SvgProblem } from '../../src/engine/services/svgSanitiser.ts';
import { DEFAULT_LOGO_SVG, svgOfDataUri } from '../../src/engine/services/uploads.ts';
import { allApps, appLogo } from '../../src/engine/seed/catalogApps.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// The svg logo check: a corpus of known svg script and resource-loading vectors that must all be
// refused, the logos the product itself ships or tests with, and real-world exports that must pass.
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const doc = (inner: string, rootAttributes = '') => `<svg xmlns="${SVG_NS}"${rootAttributes}>${inner}</svg>`;
const nested = btoa(doc('<script>alert(1)</script>'));
const check = (svg: string | Buffer) => svgProblem(Buffer.isBuffer(svg) ? svg : Buffer.from(svg));

const UNSAFE: [string, string][] = [
  // The three vectors the probe found.
  ['a script element under a custom prefix bound to the svg namespace', doc(`<x:script xmlns:x="${SVG_NS}">alert(1)</x:script>`)],
  ['set turning on an event-handler attribute', doc('<rect width="9" height="9"><set attributeName="onmouseover" to="alert(1)"/></rect>')],
  ['use pointing at a data: document', doc(`<use href="data:image/svg+xml;base64,${nested}#x"/>`)],
  // Script elements.
  ['a plain script', doc('<script>alert(1)</script>')],
  ['a script in CDATA', doc('<script><![CDATA[alert(1)]]></script>')],
  ['a script written with character references', doc('<script>&#97;lert&#40;1&#41;</script>')],
  ['an upper-case SCRIPT', doc('<SCRIPT>alert(1)</SCRIPT>')],
  ['an unclosed script (refused at its start tag)', `<svg xmlns="${SVG_NS}"><script>alert(1)`],
  ['a script with an external source', doc('<script href="https://evil.test/x.js"/>')],
  // Event handlers.
  ['onload on the root', doc('', ' onload="alert(1)"')],
  ['onload after a newline', doc('', '\nonload="alert(1)"')],
  ['onload after a tab, in upper case, with spaces around =', doc('', '\tONLOAD = "alert(1)"')],
  ['a mixed-case handler on a shape', doc('<rect OnMouseOver="alert(1)" width="9" height="9"/>')],
  ['onclick on a group', doc('<g onclick="alert(1)"><rect width="9" height="9"/></g>')],
  // Links and references.
  ['an a element with a javascript: xlink:href', doc('<a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a>', ` ${XLINK}`)],
  ['an a element with a tab-split javascript: href', doc('<a href=" java&#x09;script:alert(1)"><rect width="9" height="9"/></a>')],
  ['an a element with a fragment link', doc('<a href="#x"><rect id="x" width="9" height="9"/></a>')],
  ['a gradient inheriting from javascript:', doc('<linearGradient id="g" href=" java&#x09;script:alert(1)"/>')],
  ['use of an external document', doc('<use href="http://evil.test/logo.svg#x"/>')],
  ['use of an external document through xlink', doc('<use xlink:href="//evil.test/logo.svg#x"/>', ` ${XLINK}`)],
  ['an image with an external href', doc('<image href="https://evil.test/x.png" width="9" height="9"/>')],
  ['an image even with a fragment href', doc('<image href="#x" width="9" height="9"/>')],
  ['an feImage', doc('<filter id="f"><feImage href="https://evil.test/x.png"/></filter>')],
  ['xml:base', doc('<use href="#x" xml:base="https://evil.test/"/>')],
  ['an xlink attribute other than href', doc('<use href="#x" xlink:show="new"/>', ` ${XLINK}`)],
  // Animation.
  ['animate of href to javascript:', doc('<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>')],
  ['animate with to', doc('<rect width="9" height="9"><animate attributeName="fill" to="red"/></rect>')],
  ['animateTransform', doc('<rect width="9" height="9"><animateTransform attributeName="transform" type="rotate" to="90"/></rect>')],
  ['animateMotion', doc('<rect width="9" height="9"><animateMotion path="M0 0L9 9"/></rect>')],
  // Foreign content.
  ['a foreignObject with an XHTML iframe', doc('<foreignObject width="9" height="9"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>')],
  ['a foreignObject with an XHTML body onload', doc('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)"/></foreignObject>')],
  ['an iframe, embed and object', doc('<iframe src="https://evil.test"/><embed src="x"/><object data="x"/>')],
  ['the default namespace rebound to XHTML', doc('<g xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></g>')],
  ['an XHTML script under a prefix', doc('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')],
  ['a script in a made-up namespace', doc('<script xmlns="http://example.test/not-svg">alert(1)</script>')],
  ['a rect in no namespace', doc('<rect xmlns="" width="9" height="9"/>')],
  // SVG Tiny 1.2 and XML Events.
  ['a handler element', doc('<handler type="application/ecmascript" ev:event="load">alert(1)</handler>', ' xmlns:ev="http://www.w3.org/2001/xml-events"')],
  ['a listener element', doc('<listener event="click" handler="#h"/>')],
  ['ev:event on the root', doc('<rect width="9" height="9"/>', ' xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click"')],
  // CSS.
  ['a style block with @import url()', doc('<style>@import url(https://evil.test/x.css);</style>')],
  ['a style block with @import of a string', doc('<style>@import "https://evil.test/x.css";</style>')],
  ['a style block with @font-face', doc('<style>@font-face{font-family:x;src:local(x)}</style>')],
  ['a style block with an external url()', doc('<style>.a{fill:url(https://evil.test/x.svg#g)}</style>')],
  ['a style block with a javascript: url() written with a reference', doc('<style>.a{background:url(&#x6a;avascript:alert(1))}</style>')],
  ['a style block with an escaped url()', doc('<style>.a{background:u\\72l(https://evil.test/x)}</style>')],
  ['a style block with expression()', doc('<style>.a{width:expression(alert(1))}</style>')],
  ['a style block with behavior', doc('<style>.a{behavior:url(#x)}</style>')],
  ['a style block closing itself in CDATA', doc('<style><![CDATA[</style><script>alert(1)</script>]]></style>')],
  ['a style block with an element inside', doc('<style>.a{fill:red}<g/></style>')],
  ['a style block of another type', doc('<style type="text/xsl">.a{}</style>')],
  ['a style attribute with a javascript: url()', doc('<rect style="background:url(javascript:alert(1))" width="9" height="9"/>')],
  ['a style attribute with a url() split by a comment', doc('<rect style="fill:url(/**/https://evil.test/x#g)" width="9" height="9"/>')],
  ['a style attribute with image-set()', doc('<rect style="fill:image-set(&quot;https://evil.test/x&quot; 1x)" width="9" height="9"/>')],
  ['a fill with an external url()', doc('<rect fill="url(https://evil.test/x.svg#g)" width="9" height="9"/>')],
  ['a fill with a data: url()', doc('<rect fill="url(data:image/svg+xml,x)" width="9" height="9"/>')],
  ['a CDATA section outside style', doc('<text><![CDATA[hello]]></text>')],
  // Document-level tricks.
  ['a DOCTYPE with a billion-laughs entity', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${doc('<text>&b;</text>')}`],
  ['a DOCTYPE with an external entity', `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${doc('<text>&xxe;</text>')}`],
  ['the SVG 1.1 DOCTYPE', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${doc('<rect width="9" height="9"/>')}`],
  ['an xml-stylesheet processing instruction', `<?xml version="1.0"?><?xml-stylesheet href="https://evil.test/x.xsl" type="text/xsl"?>${doc('')}`],
  ['a processing instruction inside the document', doc('<?php echo 1; ?>')],
];

const NOT_SVG: [string, string | Buffer][] = [
  ['plain text', 'hello world'],
  ['an XHTML document', '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script><svg/></body></html>'],
  ['an svg root outside the svg namespace', '<svg onload="alert(1)"><script>alert(1)</script></svg>'],
  ['an svg root in the XHTML namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>'],
  ['the HTML-style <svg/onload>', '<svg/onload=alert(1)>'],
  ['an unquoted handler', `<svg xmlns="${SVG_NS}" onload=alert(1)></svg>`],
  ['an entity that was never declared', doc('<text>&xxe;</text>')],
  ['an unclosed group', `<svg xmlns="${SVG_NS}"><g></svg>`],
  ['bytes that are not UTF-8', Buffer.concat([Buffer.from(`<svg xmlns="${SVG_NS}"><text>`), Buffer.from([0xff, 0xfe]), Buffer.from('</text></svg>')])],
  ['a UTF-16 document', Buffer.from(`\ufeff${doc('')}`, 'utf16le')],
  ['a UTF-7 encoding declaration', `<?xml version="1.0" encoding="UTF-7"?>${doc('+ADw-script+AD4-alert(1)+ADw-/script+AD4-')}`],
  ['a Latin-1 declaration over non-ASCII bytes', Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${doc('<text>é</text>')}`)],
  ['XML 1.1', `<?xml version="1.1"?>${doc('')}`],
  ['an empty body', ''],
];

const ILLUSTRATOR = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="${SVG_NS}" ${XLINK} x="0px" y="0px"
\t viewBox="0 0 120 40" style="enable-background:new 0 0 120 40;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#FF5A1F;}
\t.st1{fill:url(#SVGID_1_);}
\t/* dark mode */
\t@media (prefers-color-scheme: dark) { .st0 { fill: #FFFFFF; } }
</style>
<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="120" y2="40">
\t<stop  offset="0" style="stop-color:#FF5A1F"/>
\t<stop  offset="1" style="stop-color:#FFB020"/>
</linearGradient>
<path class="st0" d="M10,5h20v30H10V5z"/>
<rect x="40" y="5" class="st1" width="70" height="30"/>
</svg>
`;

const FIGMA = `<svg width="48" height="48" viewBox="0 0 48 48" fill="none" xmlns="${SVG_NS}">
<g clip-path="url(#clip0_1_2)" filter="url(#filter0_d_1_2)">
<circle cx="24" cy="24" r="20" fill="url(#paint0_radial_1_2)"/>
<path fill-rule="evenodd" clip-rule="evenodd" d="M16 16H32V32H16Z" fill="white" fill-opacity="0.9"/>
</g>
<defs>
<filter id="filter0_d_1_2" x="0" y="0" width="48" height="48" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feFlood flood-opacity="0" result="BackgroundImageFix"/>
<feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
<feOffset dy="2"/><feGaussianBlur stdDeviation="1"/>
<feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow_1_2"/>
</filter>
<radialGradient id="paint0_radial_1_2" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="translate(24 24) rotate(90) scale(20)">
<stop stop-color="#7C3AED"/><stop offset="1" stop-color="#2563EB"/>
</radialGradient>
<clipPath id="clip0_1_2"><rect width="48" height="48" fill="white"/></clipPath>
</defs>
</svg>`;

const LEGITIMATE: [string, string][] = [
  ['the default logo', DEFAULT_LOGO_SVG],
  ['the personalisation tests\' logo', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#1f6feb"/></svg>'],
  ['an Illustrator export with a style block', ILLUSTRATOR],
  ['a Figma export with a filter, gradient and clip path', FIGMA],
  ['a prefixed svg root with symbols and xlink:href fragments', `<s:svg xmlns:s="${SVG_NS}" ${XLINK} viewBox="0 0 20 10"><s:defs><s:symbol id="dot"><s:circle cx="5" cy="5" r="4"/></s:symbol></s:defs><s:use xlink:href="#dot"/><s:use href="#dot" x="10"/></s:svg>`],
  ['text, tspan and a text path', doc('<title>Acme</title><desc>Acme logo</desc><path id="curve" d="M0 20Q50 0 100 20" fill="none"/><text x="4" y="16" font-family="Inter, sans-serif" font-weight="700" xml:lang="en">Ac<tspan fill="#e11d48">me</tspan> &amp; Co</text><text><textPath href="#curve">around</textPath></text>', ' role="img" aria-label="Acme"')],
  ['a pattern, mask and marker', doc('<defs><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2"/></pattern><mask id="m"><rect width="9" height="9" fill="#fff"/></mask><marker id="k" markerWidth="3" markerHeight="3" refX="1" refY="1" orient="auto"><circle cx="1" cy="1" r="1"/></marker></defs><rect width="9" height="9" fill="url(\'#p\')" mask="url(#m)"/><polyline points="0,0 5,5 9,0" marker-end="url(#k)" stroke="#000" stroke-width="1.5"/>')],
  ['a CSS block in CDATA with fill rules', doc('<style><![CDATA[ .a { fill: #0a0; fill-rule: evenodd } .b > .c { stroke: currentColor } ]]></style><g class="b"><path class="a c" d="M0 0h9v9z"/></g>', ' width="9" height="9"')],
];

describe('svg logo check', () => {
  it.each(UNSAFE)('refuses %s as unsafe', (_what, svg) => {
    expect(check(svg)).toBe<SvgProblem>('unsafe');
  });

  it.each(NOT_SVG)('refuses %s as not an svg', (_what, svg) => {
    expect(check(svg)).toBe<SvgProblem>('type');
  });

  it.each(LEGITIMATE)('accepts %s', (_what, svg) => {
    expect(check(svg)).toBeUndefined();
  });

  it('accepts every catalog app logo', () => {
    const apps = allApps();
    expect(apps.length).toBeGreaterThan(50);
    for (const app of apps) expect([app.id, check(svgOfDataUri(appLogo(app))!)]).toEqual([app.id, undefined]);
  });
});

describe('logo upload route', () => {
  let t: TestEngine;
  let token: string;
  beforeAll(async () => {
    t = await startTestEngine();
    token = await signUp(t, 'sam@acme.test');
  });
  afterAll(async () => { await t.close(); });

  const put = async (url: string, body: string) => {
    const { pathname, search } = new URL(url);
    const res = await t.engine.app.inject({ method: 'PUT', url: pathname + search, payload: body, headers: { 'content-type': 'image/svg+xml' } });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers 400 Invalid svg! to the probe vectors and stores nothing', async () => {
    const signed = (await t.call('GET', '/api/app.getSignedUrl', { token, query: { fileName: 'logo.svg' } })).body.msg;
    for (const [, svg] of UNSAFE.slice(0, 3)) {
      const res = await put(signed.signedUrl, svg);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ msg: 'Invalid svg!', field: 'file' });
    }
    const row = await t.engine.db.selectFrom('uploads').select(['bytes', 'uploaded_at']).where('key', '=', signed.key).executeTakeFirstOrThrow();
    expect(row).toEqual({ bytes: null, uploaded_at: null });
    expect((await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${signed.key}` })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/app.customUiDetails', {
      token, body: { tncUrl: 'https://acme.test/terms', customPoints: ['Fast'], orgName: 'Acme', fileName: signed.key },
    })).body.error.msg).toBe('Invalid svg!');
  });

  it('stores an accepted logo and serves it with the locked-down CSP and nosniff', async () => {
    const signed = (await t.call('GET', '/api/app.getSignedUrl', { token, query: { fileName: 'logo.svg' } })).body.msg;
    expect((await put(signed.signedUrl, FIGMA)).status).toBe(200);
    const served = await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${signed.key}` });
    expect(served.body).toBe(FIGMA);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
