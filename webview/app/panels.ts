/**
 * The editor page's panels, in load order (a panel may follow another's bus events, not its load
 * order: bus.shownGroup and bus.frame keep their last value). Adding a panel: its file, and a line here.
 */
import { ArrivingPanel } from './arrivingPanel';
import { CurvesPanel } from '../curves/panel';
import { HexPanel } from '../hex/panel';
import { ModelPanel } from '../model/panel';
import { PreviewPanel } from '../preview/panel';
import { SkeletonPanel } from '../skeleton/panel';
import { StructurePanel } from '../structure/panel';
import type { PageServices } from '../page/bus';
import type { Panel } from '../page/panel';
import { TexturesPanel } from '../textures/panel';
import { HeaderPanel } from './header';

export const PANELS: readonly ((page: PageServices) => Panel)[] = [
  (page) => new HeaderPanel(page),
  (page) => new StructurePanel(page),
  (page) => new HexPanel(page),
  (page) => new CurvesPanel(page),
  () => new ArrivingPanel(),
  (page) => new PreviewPanel(page),
  // before the skeleton: it stands in when the model view cannot draw (bus.modelViewShown)
  (page) => new ModelPanel(page),
  (page) => new SkeletonPanel(page),
  (page) => new TexturesPanel(page),
];
