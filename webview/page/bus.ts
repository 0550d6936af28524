/**
 * The page's bus: how panels reach each other and the host without holding one another. A panel
 * gets it at construction (PageServices) and subscribes in its constructor; the App only fires
 * what comes from the host (settings, reveal, notices).
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import type { AnimData } from '../../src/kinds/pages';
import type { EditAnswer, EditRequest, EditStateMessage, PageCommand, ViewSettings } from '../../src/wire/protocol';
import type { HoverCard } from '../hover/hoverCard';
import { Emitter } from '../shared/dom';
import { fieldEvents, FieldEvents } from './fields';

/** What the page asks of the extension host. */
export interface HostPort {
  command(command: PageCommand): void;
  selection(offset: number, length: number, path?: string): void;
  /** The tracks of a group that did not travel with the load (FormatSpec.deferred). */
  requestTracks(group: number): Promise<unknown>;
  /** An animation beside the file, to play along on the model ("Also play"): its payload, or why not. */
  requestCompanion(name: string): Promise<{ anim?: unknown; error?: string }>;
  /** Which companions are ticked (the host remembers them for the file). */
  companionsChosen(names: string[]): void;
  /** One user action's edits (a drag sends one on release); the answer says whether the host applied them. */
  edit(label: string, edits: EditRequest[]): Promise<EditAnswer>;
}


/** What the host accepts (EditStateMessage without its envelope). */
export type EditState = Omit<EditStateMessage, 'type' | 'version'>;

/** Until the host says otherwise (an older host never does), nothing is editable. */
export const READ_ONLY: EditState = { editable: false, dirty: false, keyEdits: false };

/** The group the curve panel shows: every panel that follows it (previews, skeleton) reads this. */
export interface ShownGroup {
  anim: AnimData;
  key: string;
  /** FormatSpec.groups numbering. */
  index: number;
  /** The whole group's described tracks (the curve panel may show a part). */
  tracks: DescribedTrack[];
  title: string;
}

/** An emitter that remembers its last value, so a panel loading later still gets it. */
export class Latest<T> {
  private readonly emitter = new Emitter<[T]>();
  value: T;
  constructor(initial: T) {
    this.value = initial;
  }
  readonly event = this.emitter.event;
  fire(value: T): void {
    this.value = value;
    this.emitter.fire(value);
  }
}

export interface PageBus extends FieldEvents {
  readonly host: HostPort;
  /** Show the group with this key (the picker, a tree row, a joint picked in the skeleton). */
  readonly requestGroup: Emitter<[string]>;
  readonly shownGroup: Latest<ShownGroup | undefined>;
  /** The player's frame (already mapped through the loop mode): the open file's and every "Also play" animation's. */
  readonly frame: Latest<number>;
  /** The 3D view is drawing (false: no model, or it fell back; the skeleton panel stands in). */
  readonly modelViewShown: Latest<boolean>;
  /** What a panel reports (RenderReport) changed after the load: the page sends `rendered` again. */
  readonly reportChanged: Emitter<[]>;
  readonly settings: Latest<ViewSettings>;
  /** Whether the host accepts edits (fields; keys when keyEdits): panels show edit affordances only then. */
  readonly editState: Latest<EditState>;
  /** A message above everything (file deleted); undefined clears. */
  readonly notice: Emitter<[string | undefined]>;
  /** A panel's saved state changed (the page persists, debounced). */
  readonly stateChanged: Emitter<[]>;
}

export function pageBus(host: HostPort, settings: ViewSettings): PageBus {
  return {
    ...fieldEvents(),
    host,
    requestGroup: new Emitter(),
    shownGroup: new Latest<ShownGroup | undefined>(undefined),
    frame: new Latest(0),
    modelViewShown: new Latest(false),
    reportChanged: new Emitter(),
    settings: new Latest(settings),
    editState: new Latest(READ_ONLY),
    notice: new Emitter(),
    stateChanged: new Emitter(),
  };
}

/** What every panel is constructed with. */
export interface PageServices {
  readonly bus: PageBus;
  /** The one hover card of the page (mounted on <body>). */
  readonly card: HoverCard;
}
