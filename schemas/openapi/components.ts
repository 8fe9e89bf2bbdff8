/**
 * Turns the JSON Schema documents into OpenAPI `components.schemas`: each document becomes a component named by
 * its `title`, each `$defs` entry of the common document becomes a component of its own, and every `$ref`
 * (relative to the document's `$id`) is rewritten to `#/components/schemas/<Name>`, so the OpenAPI document is
 * self-contained.
 */
import type { JsonSchema } from '../documents.js';

export type SchemaObject = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

export function componentRef(name: string): { $ref: string } {
  return { $ref: `${COMPONENTS}${name}` };
}

/** Components for `documents`; `common` contributes its `$defs` only. */
export function toComponentSchemas(common: JsonSchema, documents: readonly JsonSchema[]): Record<string, SchemaObject> {
  const names = new Map<string, string>();
  const defs = isObject(common['$defs']) ? common['$defs'] : {};
  for (const [key, def] of Object.entries(defs)) names.set(`${common.$id}#/$defs/${key}`, titleOf(def, key));
  for (const doc of documents) names.set(doc.$id, doc.title);

  const taken = new Set<string>();
  const claim = (name: string): string => {
    if (taken.has(name)) throw new Error(`two schemas are titled ${name}`);
    taken.add(name);
    return name;
  };
  const components: Record<string, SchemaObject> = {};
  for (const [key, def] of Object.entries(defs)) {
    components[claim(titleOf(def, key))] = rewrite(def, common.$id, names) as SchemaObject;
  }
  for (const doc of documents) {
    const { $schema: _schema, $id: _id, ...body } = doc;
    components[claim(doc.title)] = rewrite(body, doc.$id, names) as SchemaObject;
  }
  return components;
}

function rewrite(node: unknown, baseId: string, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, baseId, names));
  if (!isObject(node)) return node;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const target = new URL(value, baseId).href;
      const name = names.get(target);
      if (name === undefined) throw new Error(`unresolvable $ref ${value} in ${baseId}`);
      out[key] = `${COMPONENTS}${name}`;
    } else {
      out[key] = rewrite(value, baseId, names);
    }
  }
  return out;
}

function titleOf(def: unknown, key: string): string {
  if (isObject(def) && typeof def['title'] === 'string') return def['title'];
  throw new Error(`common $defs entry ${key} has no title`);
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
