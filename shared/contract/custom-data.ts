// The custom data operations (SPEC §7 "Custom data"): per-user key/value storage (e.g. the video wall
// layout), scoped by tenant and user, with a version that stops two tabs overwriting each other.
import Type from 'typebox';
import { operation } from './operation.ts';
import { Id, Int, MAX_ID, Strict, Text } from './fields.ts';

const TAG = 'Custom data';
/** Big enough for any layout or settings blob, small enough to keep one row cheap. */
export const CUSTOM_VALUE_MAX = 512 * 1024;

const CustomKey = Text(1, 64, { description: "The entry's key within the user's own entries, e.g. videoWallConfig" });
const CustomValue = Text(0, CUSTOM_VALUE_MAX, { multiline: true, description: `The stored text (e.g. a JSON document), at most ${CUSTOM_VALUE_MAX} characters` });

export const CustomDataItem = Strict({
  id: Id(),
  customKey: Type.String(),
  customValue: Type.String(),
  version: Type.Integer({ minimum: 1, description: 'Grows by one on each update; send it back with PUT so a stale tab cannot overwrite' }),
});

export const CustomDataQuery = Strict({ customKey: CustomKey });
export const CustomDataCreate = Strict({ customKey: CustomKey, customValue: CustomValue });
export const CustomDataUpdate = Strict({
  id: Id(),
  customValue: CustomValue,
  customKey: Type.Optional(CustomKey),
  version: Type.Optional(Int(1, MAX_ID, { description: 'The version the caller read; a newer stored version refuses the update' })),
});

const sample = { id: 1, customKey: 'videoWallConfig', customValue: '{"layout":4}', version: 2 };

export const ops = {
  read: operation({
    method: 'GET',
    path: '/api/admin/custom/data',
    rights: 'user',
    tag: TAG,
    summary: "The caller's entry under a key (a list of none or one)",
    description: "Only the signed-in user's own entries of their tenant are read.",
    query: CustomDataQuery,
    data: Type.Array(CustomDataItem, { maxItems: 1 }),
    examples: { query: { customKey: 'videoWallConfig' }, data: [sample] },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/custom/data',
    rights: 'user',
    tag: TAG,
    summary: 'Stores a new entry under a key (version 1)',
    description: 'Refused when the user already has an entry under the key (another tab created it first): creating again would silently replace its data.',
    body: CustomDataCreate,
    data: CustomDataItem,
    examples: { body: { customKey: 'videoWallConfig', customValue: '{"layout":4}' }, data: { ...sample, version: 1 } },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/custom/data',
    rights: 'user',
    tag: TAG,
    summary: "Replaces an entry's value (and key), one version up",
    description: "Refused when the entry is not the user's, when the version sent is not the stored one (changed elsewhere: reload), or when the new key is taken.",
    body: CustomDataUpdate,
    data: CustomDataItem,
    examples: { body: { id: 1, customKey: 'videoWallConfig', customValue: '{"layout":9}', version: 2 }, data: { ...sample, customValue: '{"layout":9}', version: 3 } },
  }),
};
