/**
 * The ids this extension opens editors by, declared once: its own custom editors (package.json →
 * contributes.customEditors) and the Hex Editor extension it hands binary files to. No `vscode`.
 */
import { ANIMATION_VIEW_TYPE } from '../export/registryDocs';

/** Default editor for every animation format of the registry (its selectors are generated). */
export { ANIMATION_VIEW_TYPE };
/** The same editor offered for any file through "Reopen Editor With…" (priority "option"). */
export const ANIMATION_ANY_FILE_VIEW_TYPE = 'animscope.animation.anyFile';
/** Both animation editor view types. */
export const ANIMATION_VIEW_TYPES: readonly string[] = [ANIMATION_VIEW_TYPE, ANIMATION_ANY_FILE_VIEW_TYPE];

/** The archive overview: default editor for .arc, .rarc, .pks. */
export const ARCHIVE_VIEW_TYPE = 'animscope.archive';
/** The same editor for .szs (its own view type, so the animation editor's `*.bck.szs` selectors stay more specific). */
export const ARCHIVE_SZS_VIEW_TYPE = 'animscope.archive.szs';

/** The Hex Editor extension and its editor's view type. */
export const HEX_EDITOR_EXTENSION = 'ms-vscode.hexeditor';
export const HEX_EDITOR_VIEW_TYPE = 'hexEditor.hexedit';
