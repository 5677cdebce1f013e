// Character tests for the scanners' inner loops, written as the characters they accept rather than as their codes.

/** A test for whether a UTF-16 code unit is one of the ASCII characters in `chars`: a table lookup per call. */
export function asciiCharTest(chars: string): (code: number) => boolean {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i += 1) table[chars.charCodeAt(i)] = 1;
  return (code) => code < 128 && table[code] === 1;
}

/** Space and the control characters: whitespace, as far as a scanned token is concerned. */
export function isBlankOrControl(code: number): boolean {
  return code <= 32;
}
