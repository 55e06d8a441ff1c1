import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/**
 * The one check of uploaded svg logos. A logo is user content that a browser may open directly, so
 * the document is parsed as XML (namespaces resolved, the way browsers read image/svg+xml) and every
 * element and attribute must be on an allow-list of static drawing features. Anything else is
 * refused, never repaired: a repaired file is a file nobody reviewed.
 *
 * 'type' means the body is not an svg document (not well-formed UTF-8 XML, or the root is not svg in
 * the svg namespace); 'unsafe' means it is one but uses something outside the allow-list.
 */
export type SvgProblem = 'type' | 'unsafe';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

// Static drawing only: no script, handler, listener, foreignObject, a, image, feImage, iframe,
// embed, object, set, animate*, mpath, discard, switch or cursor (they run code, navigate, load
// other documents or change attributes after the check).
const ELEMENTS = words(`
  svg g defs title desc metadata symbol use path rect circle ellipse line polyline polygon text tspan textPath
  linearGradient radialGradient stop clipPath mask pattern marker style
  filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
  feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology
  feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence`);

// Attributes without a namespace: identity, geometry, paint servers, filters and presentation.
// No event handlers (on*), no animation targets (attributeName, values of animate, to, begin) and
// no xml:base; href is on the list but only ever as a same-document #fragment.
const ATTRIBUTES = words(`
  id class style lang role aria-label aria-labelledby aria-describedby aria-hidden
  version baseProfile width height viewBox preserveAspectRatio x y
  x1 y1 x2 y2 cx cy r rx ry fx fy fr d points pathLength transform transform-origin
  dx dy rotate textLength lengthAdjust startOffset method spacing side href
  gradientUnits gradientTransform spreadMethod offset
  patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits
  markerUnits markerWidth markerHeight refX refY orient type media
  filterUnits primitiveUnits in in2 result stdDeviation mode values operator k1 k2 k3 k4 radius edgeMode tableValues
  slope intercept amplitude exponent baseFrequency numOctaves seed stitchTiles scale xChannelSelector yChannelSelector
  order kernelMatrix divisor bias targetX targetY preserveAlpha surfaceScale diffuseConstant specularConstant
  specularExponent kernelUnitLength azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray
  stroke-dashoffset stroke-opacity opacity color display visibility overflow clip clip-path clip-rule mask mask-type
  filter marker-start marker-mid marker-end font-family font-size font-size-adjust font-stretch font-style
  font-variant font-weight letter-spacing word-spacing text-anchor text-decoration text-rendering dominant-baseline
  alignment-baseline baseline-shift writing-mode direction unicode-bidi shape-rendering image-rendering
  color-rendering color-interpolation color-interpolation-filters vector-effect paint-order mix-blend-mode isolation
  stop-color stop-opacity flood-color flood-opacity lighting-color enable-background white-space`);

// CSS at-rules that only select or animate styles; @import, @font-face and the rest load resources.
const AT_RULES = words('media supports keyframes -webkit-keyframes');

// Labels a browser decodes like our UTF-8 read as long as every byte is ASCII.
const ASCII_COMPATIBLE = words('utf-8 utf8 us-ascii ascii iso-8859-1 latin1 windows-1252');

// Browsers drop whitespace and control characters inside URLs and CSS keywords ("java\tscript:"),
// and some invisible format characters survive copy-paste; the checks read values without them.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]+/g;
const flatten = (value: string) => value.replace(INVISIBLE, '').toLowerCase();

// Schemes and CSS features that run script or load another resource. A backslash is refused
// outright because CSS escapes (u\72l, \6a avascript) would hide any of them from a text check.
const FORBIDDEN_IN_VALUES = [
  'javascript:', 'vbscript:', 'data:', 'expression(', '-moz-binding', 'behavior:', 'image-set(', 'image(',
  'cross-fade(', 'element(', 'src(', '\\',
];

const FRAGMENT = /^#[\p{L}\p{N}_.-]+$/u;
const FRAGMENT_URL = /^url\((["']?)#[\p{L}\p{N}_.-]+\1\)/u;

/** True when a (flattened) value only ever points with url() into this document. */
function urlsStayInDocument(flat: string): boolean {
  for (let at = flat.indexOf('url('); at !== -1; at = flat.indexOf('url(', at + 4)) {
    if (!FRAGMENT_URL.test(flat.slice(at))) return false;
  }
  return true;
}

function unsafeValue(value: string): boolean {
  const flat = flatten(value);
  return FORBIDDEN_IN_VALUES.some((token) => flat.includes(token)) || !urlsStayInDocument(flat);
}

/**
 * A style sheet or style attribute is read with and without its comments, so that a comment can
 * neither hide a token from the check nor split one. `<` is refused so that the text cannot close
 * a style element if the logo is ever inlined into an HTML page.
 */
function unsafeCss(css: string): boolean {
  return [css, css.replace(/\/\*[\s\S]*?\*\//g, '')].some((text) => unsafeValue(text) || text.includes('<')
    || [...text.toLowerCase().matchAll(/@([-\w]*)/g)].some(([, name]) => !AT_RULES.has(name!)));
}

function attributeAllowed(element: string, { uri, local, value }: SaxesAttributeNS): boolean {
  // A namespace declaration only binds a prefix; what uses the prefix is checked by its resolved URI.
  if (uri === XMLNS_NS) return true;
  if (uri === XML_NS) return (local === 'space' || local === 'lang') && !unsafeValue(value);
  if (uri === XLINK_NS) return local === 'href' && FRAGMENT.test(value);
  if (uri !== '' || /^on/i.test(local) || !ATTRIBUTES.has(local)) return false;
  if (local === 'href') return FRAGMENT.test(value);
  if (local === 'style') return !unsafeCss(value);
  if (element === 'style' && local === 'type' && !['', 'text/css'].includes(value.trim().toLowerCase())) return false;
  return !unsafeValue(value);
}

class Refused extends Error {
  constructor(readonly problem: SvgProblem) { super(problem); }
}

const refuse = (problem: SvgProblem): never => { throw new Refused(problem); };

/** Why a body is not an acceptable svg logo, or undefined when it is one. */
export function svgProblem(bytes: Buffer): SvgProblem | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'type';
  }
  const asciiOnly = bytes.every((byte) => byte < 0x80);
  const parser = new SaxesParser({ xmlns: true, position: false });
  const open: string[] = [];
  let sawRoot = false;
  let css = '';

  parser.on('xmldecl', ({ version, encoding }) => {
    // XML 1.1 and other encodings are read differently by browsers than by this check.
    if (version !== undefined && version !== '1.0') refuse('type');
    const label = encoding?.trim().toLowerCase();
    if (label !== undefined && label !== 'utf-8' && !(asciiOnly && ASCII_COMPATIBLE.has(label))) refuse('type');
  });
  // A DOCTYPE can declare entities (billion laughs, external files); processing instructions such
  // as xml-stylesheet make the browser fetch and apply a transform.
  parser.on('doctype', () => refuse('unsafe'));
  parser.on('processinginstruction', () => refuse('unsafe'));
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (!sawRoot && (tag.uri !== SVG_NS || tag.local !== 'svg')) refuse('type');
    sawRoot = true;
    if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local) || open.at(-1) === 'style') refuse('unsafe');
    for (const attribute of Object.values(tag.attributes)) {
      if (!attributeAllowed(tag.local, attribute)) refuse('unsafe');
    }
    open.push(tag.local);
  });
  parser.on('text', (data) => { if (open.at(-1) === 'style') css += data; });
  parser.on('cdata', (data) => {
    if (open.at(-1) !== 'style') refuse('unsafe');
    css += data;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (tag.local === 'style' && tag.uri === SVG_NS) {
      if (unsafeCss(css)) refuse('unsafe');
      css = '';
    }
    open.pop();
  });

  try {
    parser.write(text).close();
  } catch (error) {
    return error instanceof Refused ? error.problem : 'type';
  }
  return sawRoot ? undefined : 'type';
}
