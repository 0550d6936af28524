import { strict as assert } from 'assert';
import { FirstLoadWatchdog, Timers } from '../../../src/extension/renderWatchdog';

const TIMEOUT = 8000;

/** A manual clock: `advance(ms)` runs what falls due, in order. */
function manualClock(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set: (fn, ms) => { const id = next++; due.set(id, { at: now + ms, fn }); return id; },
    clear: (id) => { due.delete(id as number); },
    pending: () => due.size,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const first = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!first) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = end;
    },
  };
}

function harness(visible = true) {
  const actions: string[] = [];
  const warnings: string[] = [];
  const panel = { visible };
  const clock = manualClock();
  const dog = new FirstLoadWatchdog(panel, {
    reloadHtml: () => actions.push('reload'), repostLoad: () => actions.push('repost'),
  }, { warn: (m) => warnings.push(m) }, 'test.bck', TIMEOUT, 4, clock);
  return { actions, warnings, panel, clock, dog };
}

describe('FirstLoadWatchdog (a fresh webview through to its first load)', () => {
  it('a webview that never says ready is loaded again every 8 s, at most 4 times, then it gives up', () => {
    const { actions, warnings, clock } = harness();
    clock.advance(TIMEOUT - 1);
    assert.deepEqual(actions, [], 'nothing before the timeout');
    clock.advance(1);
    assert.deepEqual(actions, ['reload']);
    clock.advance(TIMEOUT * 10);
    assert.deepEqual(actions, ['reload', 'reload', 'reload', 'reload']);
    assert.match(warnings.at(-1) ?? '', /giving up/);
    assert.equal(clock.pending(), 0, 'no timer left running');
  });

  it('ready but no acknowledgement: the load is posted again once, then the HTML is reloaded', () => {
    const { actions, clock, dog } = harness();
    clock.advance(TIMEOUT / 2);
    dog.ready();
    clock.advance(TIMEOUT - 1);
    assert.deepEqual(actions, [], 'the timeout restarts at ready');
    clock.advance(1);
    assert.deepEqual(actions, ['repost']);
    clock.advance(TIMEOUT);
    assert.deepEqual(actions, ['repost', 'reload']);
    dog.ready(); // the reloaded page says ready: one more repost allowed
    clock.advance(TIMEOUT);
    assert.deepEqual(actions, ['repost', 'reload', 'repost']);
  });

  it('an acknowledged load is left alone however long rendering takes', () => {
    const { actions, clock, dog } = harness();
    dog.ready();
    dog.loadAcknowledged();
    clock.advance(TIMEOUT * 100);
    assert.deepEqual(actions, []);
    assert.equal(clock.pending(), 0);
  });

  it('a hidden panel is not reloaded (it loads when shown)', () => {
    const { actions, panel, clock } = harness(false);
    clock.advance(TIMEOUT * 3);
    assert.deepEqual(actions, []);
    panel.visible = true;
    clock.advance(TIMEOUT);
    assert.deepEqual(actions, ['reload']);
  });

  it('dispose stops it', () => {
    const { actions, clock, dog } = harness();
    dog.dispose();
    clock.advance(TIMEOUT * 10);
    assert.deepEqual(actions, []);
  });
});
