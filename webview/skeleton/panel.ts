/**
 * The skeleton panel: with a model bound to an animation that drives its joints, the posed
 * skeleton following the player's frame, the shown group's joint highlighted; a click on a joint
 * shows that joint's curves. It stands in for the 3D model view when that cannot draw (no WebGL2,
 * a lost context, a model payload that cannot be used: bus.modelViewShown).
 */
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';
import { groupCount } from '../curves/groups';
import type { PageServices, ShownGroup } from '../page/bus';
import type { Panel, PanelContext, RenderReport } from '../page/panel';
import { el } from '../shared/dom';
import type { SkeletonViewApi } from '../view3d/api';

export class SkeletonPanel implements Panel {
  readonly id = 'skeleton';
  readonly slot = 'side';
  visible = false;
  readonly element = el('div', 'as-skeleton-host');
  view: SkeletonViewApi | undefined;
  private anim: AnimData | undefined;
  /** It has something to show (the model view may still be showing it better). */
  private eligible = false;

  constructor(private readonly page: PageServices) {
    this.element.setAttribute('aria-label', 'Skeleton');
    this.element.hidden = true;
    page.bus.frame.event((f) => { if (this.visible) this.view?.setFrame(f); });
    page.bus.shownGroup.event((g) => this.select(g));
    page.bus.modelViewShown.event(() => this.updateVisible());
  }

  private updateVisible(): void {
    const was = this.visible;
    this.visible = this.eligible && !this.page.bus.modelViewShown.value;
    this.element.hidden = !this.visible;
    if (this.visible && !was) this.view?.setFrame(this.page.bus.frame.value);
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    const { anim, model, view3d } = context;
    const spec = anim && pageSpecFor(anim);
    this.anim = anim;
    this.eligible = !!anim && !!model && !!view3d && spec?.model.target === 'joints' && model.joints.length > 0 && groupCount(anim) > 0;
    this.updateVisible();
    if (!this.eligible || !anim || !model || !view3d || spec?.model.target !== 'joints') {
      this.view?.dispose();
      this.view = undefined;
      return;
    }
    if (!this.view) {
      this.view = new view3d.SkeletonView((joint) => {
        const a = this.anim;
        if (a) this.page.bus.requestGroup.fire(pageSpecFor(a).groups.key(a, joint));
      }).mount(this.element);
    }
    this.view.setData(model, spec.model.joints(anim), spec.groups.duration(anim, 0), this.page.bus.frame.value);
    this.select(this.page.bus.shownGroup.value);
  }

  saveState(): undefined {
    return undefined;
  }

  restoreState(): void {
    // The camera starts fitted to the animation on every load.
  }

  report(r: RenderReport): void {
    // the same bones whether this view shows them or the 3D view's overlay does (modelViewShown)
    r.skeletonBones = this.eligible && this.view ? this.view.boneCount : 0;
  }

  dispose(): void {
    this.view?.dispose();
    this.element.remove();
  }

  private select(group: ShownGroup | undefined): void {
    const anim = this.anim;
    const joints = !!anim && pageSpecFor(anim).model.target === 'joints';
    this.view?.setSelectedJoint(group && joints && group.anim === anim ? group.index : -1);
  }
}
