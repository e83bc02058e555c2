// The shape comparison behind `npm run check:gitea`, on small hand-made descriptions: each kind of difference
// is found, and equal shapes give none.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ShapeComparer, type Schema } from '../../scripts/gitea-shapes.ts';

const gitea: Schema = {
  definitions: {
    Thing: {
      type: 'object',
      properties: {
        id: { type: 'integer' }, name: { type: 'string' }, at: { type: 'string', format: 'date-time' },
        owner: { $ref: '#/definitions/Who' }, tags: { type: 'array', items: { type: 'string' } },
        mode: { type: 'string', enum: ['read', 'write'] }, gone: { type: 'boolean' }, note: { type: 'string', 'x-nullable': true },
        config: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    Who: { type: 'object', properties: { login: { type: 'string' } } },
    Opt: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, extra: { type: 'string' } } },
  },
};

const thing = (props: Record<string, Schema>): Schema => ({ components: { schemas: { Thing: { type: 'object', properties: props }, Who: { type: 'object', properties: { login: { type: 'string' } } } } } });
const same: Record<string, Schema> = {
  id: { type: 'integer' }, name: { type: 'string' }, at: { type: 'string', format: 'date-time' },
  owner: { nullable: true, allOf: [{ $ref: '#/components/schemas/Who' }] }, tags: { type: 'array', items: { type: 'string' } },
  mode: { type: 'string', enum: ['read'] }, gone: { type: 'boolean' }, note: { type: 'string', nullable: true },
  config: { type: 'object', additionalProperties: { type: 'string' } },
};

function diff(props: Record<string, Schema>, mode: 'request' | 'response' = 'response', name = 'Thing'): string[] {
  const ours = thing(props);
  const c = new ShapeComparer({ root: ours }, { root: gitea }, mode);
  c.compare({ $ref: `#/components/schemas/${name}` }, { $ref: `#/definitions/${name}` }, 'op');
  return c.differences.map((d) => `${d.where}: ${d.what}`);
}

describe('shape comparison', () => {
  test('equal shapes give no difference', () => {
    assert.deepEqual(diff(same), []);
  });

  test('a missing field, an extra field, a wrong type, a lost format, an unknown enum value, a map', () => {
    const rest = Object.fromEntries(Object.entries(same).filter(([k]) => k !== 'gone'));
    const found = diff({
      ...rest, id: { type: 'string' }, at: { type: 'string' }, mode: { type: 'string', enum: ['read', 'own'] }, added: { type: 'number' },
      tags: { type: 'array', items: { type: 'integer' } }, config: { type: 'object', properties: { a: { type: 'string' } } },
    });
    assert.deepEqual(found.sort(), [
      'Thing.added: not in Gitea\'s definition (here: number)',
      'Thing.at: a plain string here; Gitea: date-time',
      'Thing.config: fixed fields here; Gitea: a map',
      'Thing.gone: missing here (Gitea: boolean)',
      'Thing.id: string here; Gitea: integer',
      'Thing.mode: values Gitea does not list: own',
      'Thing.tags[]: integer here; Gitea: string',
    ]);
  });

  test('nullability is compared where Gitea states it', () => {
    assert.deepEqual(diff({ ...same, note: { type: 'string' } }), ['Thing.note: Gitea says it may be null; never null here']);
  });

  test('request bodies compare required fields', () => {
    const ours: Schema = { components: { schemas: { Opt: { type: 'object', required: ['extra'], properties: { name: { type: 'string' }, extra: { type: 'string' } } } } } };
    const c = new ShapeComparer({ root: ours }, { root: gitea }, 'request');
    c.compare({ $ref: '#/components/schemas/Opt' }, { $ref: '#/definitions/Opt' }, 'op');
    assert.deepEqual(c.differences.map((d) => `${d.where}: ${d.what}`).sort(), [
      'Opt.extra: required here, optional in Gitea',
      'Opt.name: required by Gitea, optional here',
    ]);
  });
});
