import fc from 'fast-check';

/**
 * What an attacker or a broken client sends: the values the hostile-input tests use. `poison`
 * lists values a field of that kind must refuse; `hostileValue` is anything at all, which a
 * field may accept or refuse, as long as the answer is a 4xx and nothing is stored.
 */

/** Longer than every text limit of the API (the longest is 2,000 characters). */
export const LONG = 10_001;
export const long = (unit: string, length = LONG) => unit.repeat(Math.ceil(length / unit.length));

export const markup = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
];
export const sqlFragments = [
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
];
export const oddUnicode = [
  '😀🔥🛒',
  '\u202eevil\u202c',
  'שלום עולם',
  'e\u0301\u200b\ufeff',
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  'esc\u001b[31m',
  '\ud800',
  'x\udfffy',
];
export const numberStrings = ['NaN', 'Infinity', '-Infinity', '1e308', '0x10', '-0', '1', ''];
export const oddNumbers = [1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1, -1, -0, 0.5, 1.5];
export const wrongTypes: unknown[] = [null, true, false, [], {}, ['a'], { $ne: 1 }, 0];

/** Free text: control characters, broken UTF-16, too long, blank, or not a string. */
export const badText: unknown[] = [
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  'esc\u001b[31m',
  'del\u007f',
  '\ud800',
  'x\udfffy',
  long('a'),
  long('😀'),
  '',
  '   ',
  ...wrongTypes.filter((value) => typeof value !== 'string'),
];

/**
 * Tabs, line breaks and C1 controls: a field of one line (a name, phone number, address, PO
 * number, tax id, carrier, ...) refuses them (issue 27), multi-line text keeps its line breaks.
 */
export const lineBreaks = [
  'Unit 4\nLeeds',
  'PO-1\r\nBcc: victim@example.com',
  'carriage\rreturn',
  'tab\there',
  'line\u2028separator',
  'paragraph\u2029separator',
  'next\u0085line',
  'csi\u009b31m',
];

/** A field of one line: free text's bad values, and tabs and line breaks. */
export const badLine: unknown[] = [...badText, ...lineBreaks];

/** A whole number of at least `min` (and at most PostgreSQL's integer). */
export const badInt = (min: number, max = 2 ** 31 - 1): unknown[] => [
  min - 1,
  max + 1,
  0.5,
  min + 1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  ...(min >= 1 ? [-0] : []),
  'NaN',
  'Infinity',
  String(min + 1),
  null,
  true,
  [],
  {},
];

/**
 * An amount of dollars (issue 27): at least 0, at most two decimals, at most 2,147,483,647. Its
 * refused values are a whole number's, except the fractions with cents, which are amounts.
 */
export const badMoney: unknown[] = [
  ...badInt(0).filter((value) => value !== 0.5 && value !== 1.5),
  0.005,
  1.505,
  89.999,
];

export const badId: unknown[] = [
  '1',
  'not-a-uuid',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c\u0000',
  '../../etc/passwd',
  '%00',
  '',
  null,
  1,
  {},
  [],
];

export const badEmail: unknown[] = [
  '',
  '   ',
  'pat',
  'pat@',
  "x' OR 1=1 --@example.com",
  '<script>@example.com',
  'pat\u0000@example.com',
  '\ud800@example.com',
  `${long('a')}@example.com`,
  null,
  1,
  [],
  {},
];

/** Raw bodies sent as `application/json` that are not JSON, or JSON no endpoint takes. */
export const malformedJson = [
  '{',
  '{"a":',
  "{'rating': 5}",
  '{"rating": 5,}',
  '{"a": 1} trailing',
  'undefined',
  'NaN',
  '[1, 2',
  '"unterminated',
  '\u0000',
  '{"__proto__": {"role": true}}',
  '{"constructor": {"prototype": {"role": true}}}',
  '['.repeat(50_000),
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '',
  ' ',
  '42',
  'true',
  '"text"',
  '[]',
  '[{}]',
];

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
];

/** A string as one %-escaped path segment; a lone surrogate becomes U+FFFD, as UTF-8 has it. */
export const asSegment = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9\-_~]/.test(char) ? char : `%${byte.toString(16).toUpperCase()}`;
  }).join('');

/** Path segments where an id belongs: ids of nothing, traversal, %00, broken escapes, noise. */
export const hostileIdSegment: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '1',
    '-1',
    'null',
    '..',
    '%00',
    'abc%00',
    '%',
    '%zz',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    "1'%20OR%20'1'%3D'1",
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '%ED%A0%80',
    '%F0%9F',
    '00000000-0000-0000-0000-000000000000',
    long('a', 301),
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map(asSegment),
);

/** Path segments where an email belongs: well-formed emails of nobody, then hostile ones. */
export const hostileEmailSegment: fc.Arbitrary<string> = fc.oneof(
  fc.emailAddress().map(asSegment),
  fc
    .constantFrom(...badEmail.filter((v): v is string => typeof v === 'string' && v !== ''))
    .map(asSegment),
  hostileIdSegment,
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...markup, ...sqlFragments, ...oddUnicode, ...lineBreaks, ...numberStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 3 * LONG }).map((length) => long('x', length)),
  fc
    .tuple(fc.constantFrom(...markup, ...sqlFragments), fc.constantFrom(...oddUnicode))
    .map(([a, b]) => `${a}${b}`),
);

/** Anything a JSON body can hold, weighted toward the values above. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...oddNumbers),
  fc.constantFrom(...wrongTypes),
  fc.jsonValue({ maxDepth: 3 }),
);
