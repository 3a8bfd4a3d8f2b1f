import { describe, expect, it } from 'vitest';
import { checkDoc, dropForeign, emptyDoc, MAX_ELEMENTS, rebind, colorFor, type ScadaElement } from '../../../shared/scada/doc.ts';
import { add, align, type EditorState, commit, copies, initialState, makeElement, nudge, redo, remove, reorder, undo, update } from './model.ts';

const el = (id: string, x = 0, y = 0): ScadaElement => ({ id, kind: 'text', x, y, w: 10, h: 10, rotate: 0 });
const withElements = (...els: ScadaElement[]) => initialState({ ...emptyDoc(), elements: els });

describe('the designer’s model', () => {
  it('undoes and redoes at least 50 steps, restoring positions exactly', () => {
    let s = withElements(el('a', 10.5, 20.25));
    s = { ...s, selected: ['a'] };
    for (let i = 0; i < 60; i++) s = nudge(s, 1, 2);
    expect(s.doc.elements[0]).toMatchObject({ x: 70.5, y: 140.25 });
    for (let i = 0; i < 60; i++) s = undo(s);
    expect(s.doc.elements[0]).toMatchObject({ x: 10.5, y: 20.25 });
    expect(undo(s)).toBe(s);
    for (let i = 0; i < 60; i++) s = redo(s);
    expect(s.doc.elements[0]).toMatchObject({ x: 70.5, y: 140.25 });
    // A new change after undo drops the redo steps.
    s = nudge(undo(s), 5, 0);
    expect(s.future).toHaveLength(0);
  });

  it('adds, refuses past the element limit, removes, and keeps locked elements in place', () => {
    let s = withElements();
    const made = add(s, [makeElement(s.doc, 'camera', 200, 100)]);
    if (made === 'tooMany') throw new Error('refused');
    s = made;
    expect(s.doc.elements[0]).toMatchObject({ kind: 'camera', x: 40, y: 10, w: 320, h: 180 });
    expect(s.selected).toEqual([s.doc.elements[0]!.id]);
    const full = withElements(...Array.from({ length: MAX_ELEMENTS }, (_x, i) => el(`e${i}`)));
    expect(add(full, [el('one-more')])).toBe('tooMany');
    s = update(s, new Map([[s.doc.elements[0]!.id, { locked: true }]]));
    expect(nudge(s, 5, 5).doc).toBe(s.doc);
    expect(remove(s, s.selected).doc.elements).toHaveLength(0);
  });

  it('copies with new ids, reorders, and aligns to the first selected', () => {
    let s: EditorState = { ...withElements(el('a', 0, 0), el('b', 50, 30), el('c', 90, 70)), selected: ['b', 'c'] };
    const pasted = copies(s.doc, s.doc.elements.slice(0, 1));
    expect(pasted[0]).toMatchObject({ x: 20, y: 20 });
    expect(pasted[0]!.id).not.toBe('a');
    expect(reorder(s, 'back').doc.elements.map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(reorder({ ...s, selected: ['a'] }, 'forward').doc.elements.map((e) => e.id)).toEqual(['b', 'a', 'c']);
    expect(reorder(s, 'front')).toBe(s);
    s = align(s, 'left');
    expect(s.doc.elements.map((e) => e.x)).toEqual([0, 50, 50]);
    expect(commit(s, s.doc)).toMatchObject({ past: s.past });
  });
});

describe('scada documents', () => {
  it('drops foreign bindings, re-binds through a mapping, and colours by threshold', () => {
    const doc = { ...emptyDoc(), elements: [{ ...el('p'), kind: 'point' as const, deviceId: 1, code: 'temp' }, { ...el('c'), kind: 'camera' as const, cameraId: 9 }] };
    expect(checkDoc(doc).ok).toBe(true);
    const dropped = dropForeign(doc, new Set([1]), new Set());
    expect(dropped.dropped).toBe(1);
    expect(dropped.doc.elements[1]!.cameraId).toBeUndefined();
    const moved = rebind(doc, new Map([[1, 5]]), new Map());
    expect(moved.elements[0]).toMatchObject({ deviceId: 5, code: 'temp' });
    expect(moved.elements[1]!.cameraId).toBeUndefined();
    const thresholds = [{ from: 30, color: '#f00' }, { from: 20, color: '#ff0' }];
    expect([10, 25, 35, null].map((v) => colorFor(v, thresholds, '#fff'))).toEqual(['#fff', '#ff0', '#f00', '#fff']);
  });
});
