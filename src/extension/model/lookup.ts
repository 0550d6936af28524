/**
 * What the editor's documents and the model service know of each other: a model looked up for an
 * animation, and an open animation that can be re-bound. Types only, so neither imports the other.
 */
import type * as vscode from 'vscode';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import type { ModelData } from '../../formats/model/types';
import type { ModelPayload } from '../../wire/modelPayload';
import type { ModelInfo } from '../../wire/protocol';

export type ModelSource = ModelInfo['source'];

/** A decoded model file: the model and the file's own diagnostics (offsets in its bytes). */
export interface LoadedModel {
  model: ModelData;
  diagnostics: Diagnostic[];
  /** The page's 3D view of it (built once per load of the file). */
  payload: ModelPayload;
}

export interface BoundModelFile extends LoadedModel {
  uri: vscode.Uri;
  fileName: string;
  source: ModelSource;
}

export interface ModelLookup {
  bound?: BoundModelFile;
  /** Models beside the animation (for "Bind Model…" and the page's hint). */
  candidates: vscode.Uri[];
  /** A remembered model that could not be read or decoded. */
  error?: string;
}

/** What AnimationDocument asks for (the document does not know about mementos). */
export interface ModelResolver {
  lookup(animation: vscode.Uri): Promise<ModelLookup>;
}

/** An open animation, as "Bind Model…" needs it. */
export interface BindableDocument {
  readonly uri: vscode.Uri;
  readonly boundModelUri: vscode.Uri | undefined;
  /** Looks the model up again (after the choice changed) and re-binds. */
  refreshModel(): Promise<void>;
}

/** The editor's open documents, for re-binding after the command. */
export interface ModelDocuments {
  documentFor(uri: vscode.Uri): BindableDocument | undefined;
  readonly activeSession: { document: BindableDocument } | undefined;
}
