import type { FieldNode } from './binary/fields';

/** What a format decoder returns: the field tree (root path '') and the data it could decode. */
export interface FormatResult<T> {
  root: FieldNode;
  anim?: T;
}
