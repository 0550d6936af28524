/** A colour's components: the tracks' axes (r, g, b, a) and the header's names of their banks (R, G, B, A). */
export const RGBA = ['r', 'g', 'b', 'a'] as const;
export const RGBA_NAMES = ['R', 'G', 'B', 'A'] as const;
