/**
 * Whether an open document may be edited in its editor: what the place allows (the "any file"
 * view, an untrusted workspace, an archive entry, a read-only file system), then what the file
 * allows (src/edit/editability.ts).
 */
import * as vscode from 'vscode';
import { Editability, fileEditability } from '../../edit/editability';
import type { DecodedFile } from '../../formats/types';
import { ARCHIVE_SCHEME } from '../archive/archiveUri';
import { ANIMATION_ANY_FILE_VIEW_TYPE } from '../viewTypes';

const readOnly = (reason: string): Editability => ({ editable: false, keyEdits: false, reason });

/** `archivesWritable`: a file of an archive saves back into it (the archive file system's writeEntry). */
/** What of an open document decides it (an AnimationDocument has these). */
export interface EditableDocument { readonly uri: vscode.Uri; readonly deleted: boolean; readonly decoded: DecodedFile }

export function hostEditability(document: EditableDocument, viewType: string, archivesWritable = false): Editability {
  if (viewType === ANIMATION_ANY_FILE_VIEW_TYPE) return readOnly('Opened as "any file": reopen it in the AnimScope editor to edit it.');
  if (!vscode.workspace.isTrusted) return readOnly('The workspace is not trusted: files are shown read-only.');
  if (document.uri.scheme === ARCHIVE_SCHEME) {
    if (!archivesWritable) return readOnly('A file inside an archive: it cannot be saved back into its archive here.');
  } else if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) return readOnly('The file system is read-only.');
  if (document.deleted) return readOnly('The file was deleted.');
  return fileEditability(document.decoded);
}
