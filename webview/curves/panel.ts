/**
 * The curve panel: which group is shown (a searchable picker over the format's groups, and a part
 * picker when the group's tracks drive several things, e.g. a MOTN sequence's bones), the player
 * and the curves. It owns the page's group: other panels ask for one (bus.requestGroup) and follow
 * what it shows (bus.shownGroup) and the player's frame (bus.frame).
 */
import type { DescribedKey, DescribedTrack } from '../../src/kinds/describe';
import { describeGroup } from '../../src/kinds/describe';
import { plural } from '../../src/formats/binary/text';
import type { FieldNode } from '../../src/formats/binary/fields';
import { AnimData, pageSpecFor } from '../../src/kinds/pages';
import type { PageServices } from '../page/bus';
import type { EditAnswer } from '../../src/wire/protocol';
import { asRecord, Panel, PanelContext, RenderReport } from '../page/panel';
import { el } from '../shared/dom';
import { SearchPicker } from '../shared/searchPicker';
import { groupCount, modelGroupLabel, partsOf, TrackPart } from './groups';
import { PlayerCurves, PlayerCurvesState } from './playerCurves';
import { formatValue, UNIT_SUFFIX } from './scale';
import { CurveEdit, HANDLE_LENGTH } from './editing';
import { ReferenceCurves, referenceTracks } from './reference';
import type { EditRequest } from '../../src/wire/protocol';

/** The part key meaning every track of the group. */
export const ALL_PARTS = '*';

export interface CurvesPanelState extends PlayerCurvesState {
  /** The shown part (TrackPart.key) or ALL_PARTS. */
  part: string;
  /** The selected key (the shown tracks' index, the key's), kept across a reload after an edit. */
  selectedKey?: { track: number; key: number };
}

interface Shown {
  anim: AnimData;
  key: string;
  index: number;
  tracks: DescribedTrack[];
  title: string;
  /** The reference's tracks under these (PanelContext.reference). */
  reference?: ReferenceCurves;
}

export class CurvesPanel implements Panel {
  readonly id = 'curves';
  readonly slot = 'curves';
  visible = false;
  readonly element = el('section', 'as-curves-pane');
  readonly groupPicker = new SearchPicker({ label: 'Group', id: 'as-group-picker' });
  readonly partPicker = new SearchPicker({ label: 'Part', id: 'as-part-picker', placeholder: 'Type to search' });
  readonly deck: PlayerCurves;
  private context: PanelContext | undefined;
  private restored: Partial<CurvesPanelState> | undefined;
  private shown: Shown | undefined;
  private parts: TrackPart[] = [];
  private partKey = ALL_PARTS;
  private serial = 0;
  /** The group's track index of each shown track (a part shows some of them). */
  private shownTracks: number[] = [];

  constructor(private readonly page: PageServices) {
    const bus = page.bus;
    this.element.setAttribute('aria-label', 'Curves');
    this.element.hidden = true;
    const bar = el('div', 'as-curves-top');
    this.groupPicker.mount(bar);
    this.partPicker.mount(bar);
    this.partPicker.element.hidden = true;
    this.deck = new PlayerCurves({
      fps: bus.settings.value.frameRate,
      fpsSource: bus.settings.value.frameRateSource,
      laneHeight: 56,
      fill: true,
      tooltip: false,
      onHoverKey: (track, key, anchor, index) => this.hoverKey(track, key, anchor, index),
      onEditDrag: () => page.card.hide(true),
      onSelectKey: (_track, key) => {
        const node = this.keyField(key);
        if (node) bus.revealField.fire(node.path);
      },
      onStateChange: () => bus.stateChanged.fire(),
      onFrame: (f) => bus.frame.fire(f),
    });
    this.element.append(bar);
    this.deck.mount(this.element);

    this.groupPicker.onChange((key) => this.request(key));
    this.partPicker.onChange((key) => this.showPart(key));
    bus.requestGroup.event((key) => this.request(key));
    bus.selectField.event((node) => {
      const anim = this.shown?.anim;
      if (!anim) return;
      const groups = pageSpecFor(anim).groups;
      const index = groups.ofPath(anim, node.path);
      if (index !== undefined) this.request(groups.key(anim, index));
    });
    bus.settings.event((s) => this.deck.player.setFps(s.frameRate, s.frameRateSource ?? ''));
    bus.editState.event(() => this.updateEditing());
    this.updateEditing();
    // Enter on a selected key: its numbers in the card, to type (keyboard reach of the card's inputs)
    this.deck.curves.stage.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey || !this.deck.curves.editable) return;
      const sel = this.deck.curves.selectedKey;
      const track = sel && this.deck.tracks[sel.track];
      const at = sel && this.deck.curves.keyScreenPosition(sel.track, sel.key);
      if (!sel || !track || !at) return;
      const o = this.deck.curves.overlay.getBoundingClientRect();
      this.hoverKey(track, track.keys.at(sel.key), new DOMRect(o.left + at.x - 6, o.top + at.y - 6, 12, 12), sel.key);
      if (page.card.focusForm()) e.preventDefault();
    });
  }

  /** Keys are edited in the curves when the host accepts key edits for this file. */
  private updateEditing(): void {
    const state = this.page.bus.editState.value;
    this.deck.curves.setEditing(state.editable && state.keyEdits && !this.context?.file.partial ? { onEdit: (edit, label) => this.sendEdit(edit, label) } : undefined);
  }

  /** The hover card's numbers of a key, as one key edit. */
  private submitKey(viewTrack: number, key: number, path: string, values: Partial<Record<'frame' | 'value' | 'inSlope' | 'outSlope', number>>): Promise<EditAnswer> {
    const shown = this.shown;
    const track = this.shownTracks[viewTrack];
    if (!shown || track === undefined) return Promise.resolve({ ok: false, message: 'The group is no longer shown.' });
    return this.page.bus.host.edit(`Edit key ${key} of ${path}`, [{ kind: 'key', group: shown.index, track, key, ...values }]);
  }

  /** A curve edit, in the group's numbering, to the host; a refusal puts the curve back and says why. */
  private sendEdit(edit: CurveEdit, label: string): void {
    const shown = this.shown;
    const track = this.shownTracks[edit.track];
    if (!shown || track === undefined) return;
    void this.page.bus.host.edit(label, [{ ...edit, group: shown.index, track } as EditRequest]).then((answer) => {
      if (answer.ok) return;
      this.deck.curves.cancelPreview();
      this.page.bus.notice.fire(`${label}: ${answer.message ?? 'refused'}`);
    });
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  async load(context: PanelContext): Promise<void> {
    this.context = context;
    this.shown = undefined;
    this.serial++;
    const anim = context.anim;
    const count = anim ? groupCount(anim) : 0;
    this.visible = count > 0;
    // the slot may hold another panel (a model file's textures): an empty player does not show
    this.element.hidden = !this.visible;
    const saved = this.restored;
    this.restored = undefined;
    this.deck.player.setFps(context.settings.frameRate, context.settings.frameRateSource ?? '');
    if (!anim || !count) {
      this.page.bus.shownGroup.fire(undefined);
      return;
    }
    const groups = pageSpecFor(anim).groups;
    this.groupPicker.label = groups.noun;
    this.groupPicker.setSource({
      count,
      label: (i) => modelGroupLabel({ index: i, label: groups.label(anim, i) }, context.model),
      key: (i) => groups.key(anim, i),
      indexOf: (key) => groups.index(anim, key),
    });
    this.partKey = typeof saved?.part === 'string' ? saved.part : ALL_PARTS;
    const key = typeof saved?.group === 'string' && groups.index(anim, saved.group) !== undefined ? saved.group : groups.key(anim, groups.first(anim));
    await this.showGroup(key);
    this.updateEditing();
    if (saved) this.deck.state = saved;
    // a preview (the glTF import's) plays as it opens, the user came to see it move; a reload
    // (after an edit: the view's state comes back) leaves the player as the user left it
    if (context.file.play && !saved && !this.deck.player.playing) this.deck.player.play();
    const k = saved?.selectedKey;
    if (k && Number.isInteger(k.track) && Number.isInteger(k.key)) this.deck.curves.selectKey(k, true);
  }

  saveState(): CurvesPanelState | undefined {
    const selectedKey = this.deck.curves.selectedKey;
    return this.shown ? { ...this.deck.state, part: this.partKey, ...(selectedKey ? { selectedKey } : {}) } : undefined;
  }

  restoreState(state: unknown): void {
    this.restored = asRecord(state) as Partial<CurvesPanelState> | undefined;
  }

  report(r: RenderReport): void {
    r.tracks = this.deck.tracks.length;
    if (this.shown?.reference) r.referenceTracks = this.deck.curves.referenceCount;
  }

  dispose(): void {
    this.groupPicker.dispose();
    this.partPicker.dispose();
    this.deck.dispose();
    this.element.remove();
  }

  /** The tracks shown (the part's, or the whole group's). */
  get tracks(): DescribedTrack[] {
    return this.deck.tracks;
  }

  /** A user's (or another panel's) choice: failures are said in the page, not thrown. */
  private request(key: string): void {
    if (key === this.shown?.key) return;
    this.showGroup(key).catch((e: unknown) => {
      this.page.bus.notice.fire(`Could not show ${key}: ${e instanceof Error ? e.message : String(e)}`);
    });
  }

  private async showGroup(key: string): Promise<void> {
    const context = this.context;
    const anim = context?.anim;
    if (!context || !anim) return;
    const spec = pageSpecFor(anim);
    const index = spec.groups.index(anim, key);
    if (index === undefined) return;
    const serial = ++this.serial;
    if (spec.deferred?.missing(anim, index)) {
      const part = await this.page.bus.host.requestTracks(index);
      if (!spec.deferred.attach(anim, index, part)) throw new Error(`the tracks of group ${index} from the extension host are malformed`);
      if (serial !== this.serial) return; // a later choice (or load) won
    }
    const tracks = describeGroup(anim, index);
    const title = modelGroupLabel({ index, label: spec.groups.label(anim, index) }, context.model);
    const reference = context.reference && referenceTracks(anim, index, tracks, context.reference);
    this.shown = { anim, key, index, tracks, title, ...(reference ? { reference } : {}) };
    this.groupPicker.setValue(key);
    this.setParts(tracks);
    this.render();
    this.page.bus.shownGroup.fire({ anim, key, index, tracks, title });
    this.page.bus.stateChanged.fire();
  }

  /** The part picker: shown when the group's tracks drive several things; keeps the part across groups when it exists. */
  private setParts(tracks: DescribedTrack[]): void {
    this.parts = partsOf(tracks);
    const several = this.parts.length > 1;
    this.partPicker.element.hidden = !several;
    if (!several) return;
    const segments = new Set(this.parts.map((p) => p.key.split('/')[0]));
    const noun = segments.size === 1 ? [...segments][0] : 'part';
    this.partPicker.label = noun;
    const parts = this.parts;
    this.partPicker.setSource({
      count: parts.length + 1,
      label: (i) => i === 0 ? `all ${parts.length} (${plural(tracks.length, 'track')})` : `${parts[i - 1].key} (${plural(parts[i - 1].tracks.length, 'track')})`,
      key: (i) => i === 0 ? ALL_PARTS : parts[i - 1].key,
      indexOf: (key) => key === ALL_PARTS ? 0 : (() => { const i = parts.findIndex((p) => p.key === key); return i < 0 ? undefined : i + 1; })(),
    });
    if (!parts.some((p) => p.key === this.partKey)) this.partKey = ALL_PARTS;
    this.partPicker.setValue(this.partKey);
  }

  private showPart(key: string): void {
    this.partKey = key;
    this.render();
    this.page.bus.stateChanged.fire();
  }

  private render(): void {
    const shown = this.shown;
    if (!shown) return;
    const part = this.parts.length > 1 ? this.parts.find((p) => p.key === this.partKey) : undefined;
    const tracks = part ? part.tracks.map((i) => shown.tracks[i]) : shown.tracks;
    this.shownTracks = part ? part.tracks.slice() : shown.tracks.map((_, i) => i);
    const title = part ? `${shown.title} · ${part.key}` : shown.title;
    const ref = shown.reference;
    const reference = ref && { label: ref.label, tracks: this.shownTracks.map((i) => ref.tracks[i]) };
    this.deck.show(shown.anim, shown.key, { tracks, title, ...(reference ? { reference } : {}) });
  }

  private keyField(key: DescribedKey): FieldNode | undefined {
    const fields = this.context?.fields;
    if (!fields) return undefined;
    if (key.valuePath) return fields.resolve(key.valuePath);
    if (key.valueOffset !== undefined && key.valueOffset >= 0) return fields.fieldAt(key.valueOffset);
    return undefined;
  }

  /** One card, beside the key: the field holding its value, with the key's frame, value and slopes. */
  private hoverKey(track: DescribedTrack | null, key: DescribedKey | null, anchor?: DOMRect, index?: number): void {
    if (!track || !key || !anchor) {
      this.page.bus.hoverField.fire({ source: 'curves' });
      return;
    }
    const unit = UNIT_SUFFIX[track.unit];
    const viewTrack = this.deck.tracks.indexOf(track);
    if (this.deck.curves.editable && index !== undefined && viewTrack >= 0 && track.channel !== 'matrix') {
      // clear of the key's tangent handles (HANDLE_LENGTH around it), which the card must not cover
      const r = HANDLE_LENGTH + 8;
      const cx = anchor.left + anchor.width / 2, cy = anchor.top + anchor.height / 2;
      this.page.bus.hoverField.fire({
        source: 'curves',
        node: this.keyField(key),
        anchor: new DOMRect(cx - r, cy - r, 2 * r, 2 * r),
        delay: 0,
        reveal: true,
        card: {
          title: `${track.path} · key ${index}`,
          placement: 'right',
          form: {
            fields: [
              { name: 'frame', label: 'Frame', value: key.frame, suffix: '' },
              { name: 'value', label: 'Key value', value: key.value, suffix: unit },
              { name: 'inSlope', label: 'In slope', value: key.inSlope, suffix: `${unit}/frame` },
              { name: 'outSlope', label: 'Out slope', value: key.outSlope, suffix: `${unit}/frame` },
            ],
            submit: (values) => this.submitKey(viewTrack, index, track.path, values),
          },
        },
      });
      return;
    }
    this.page.bus.hoverField.fire({
      source: 'curves',
      node: this.keyField(key),
      anchor,
      delay: 0,
      reveal: true,
      card: {
        title: `${track.path} · key at frame ${formatValue(key.frame)}`,
        extra: [['Key value', `${formatValue(key.value)}${unit}`], ['In slope', `${formatValue(key.inSlope)}${unit}/frame`], ['Out slope', `${formatValue(key.outSlope)}${unit}/frame`]],
        placement: 'right',
      },
    });
  }
}
