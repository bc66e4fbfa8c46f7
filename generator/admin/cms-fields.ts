/**
 * The fields of the editors' admin (Decap CMS's configuration), made from the same JSON
 * Schemas as content/.schemas (json-schemas.ts: one walk of each Zod schema, by
 * z.toJSONSchema), never from the Zod schemas a second way. Each property gets the widget of
 * its type, whether it is required, its default, its bounds and its pattern with the schema's
 * own message for editors (`patternErrorMessage`), and its description as the hint.
 *
 * A schema may say more for editors in JSON Schema keys of its own (`.meta({...})`):
 * `x-input` (`image`, `file`, `date`, `datetime`, `text`: which input a string gets) and
 * `x-choices` (a list to pick from) or `x-choices-from` (the name of a list in the same file's
 * top level: a slot's group is one of the file's `groups`). What the form cannot hold (a
 * refine across fields, a union of shapes) becomes plain inputs that the build still checks.
 */
import type { JsonSchema } from '../schema/json-schemas.ts';

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  options?: string[];
  fields?: CmsField[];
  field?: CmsField;
  summary?: string;
  collapsed?: boolean;
  date_format?: string | boolean;
  time_format?: string | boolean;
  format?: string;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  multiple?: boolean;
  editor_components?: string[];
}

/** Where uploads go (paths from the project root) and how the files name them (relative to the content folder). */
export interface MediaFolders {
  images: { folder: string; public: string };
  documents?: { folder: string; public: string };
}

interface FieldContext {
  media: MediaFolders;
  /** The validated data of the file the fields are for, when there is one file (its lists and its records' keys). */
  data?: unknown;
}

/** A message where a schema gives none for its pattern. */
const PATTERN_MESSAGE = 'Verdien har ikke riktig form: se hjelpeteksten under feltet';
/** Integers beyond this are Zod's bounds for a safe integer, not the site's. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** The fields of an object schema; `data` is the object's value in the file, when known. */
export function cmsFields(schema: JsonSchema, context: FieldContext, data: unknown = context.data): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    cmsField(name, property as JsonSchema, required.has(name), context, valueAt(data, name)),
  );
}

function cmsField(
  name: string,
  schema: JsonSchema,
  required: boolean,
  context: FieldContext,
  value: unknown,
): CmsField {
  const plain = plainShape(schema);
  const field: CmsField = { name, label: labelOf(name, schema), widget: 'string' };
  if (!required || plain.optional) field.required = false;
  if (typeof schema.description === 'string' && schema.description !== field.label) field.hint = schema.description;
  if (schema.default !== undefined) field.default = schema.default;
  // A fixed value the file must have (a page's template) is no input; one it may leave out is a choice of one.
  const fixed = plain.schema.const;
  if (fixed !== undefined && field.required === false)
    Object.assign(field, { widget: 'select', options: [String(fixed)] });
  else Object.assign(field, widgetOf(plain.schema, context, value));
  if (field.widget === 'hidden') delete field.required;
  return field;
}

/** The widget and its settings for a property's own schema. */
function widgetOf(schema: JsonSchema, context: FieldContext, value: unknown): Partial<CmsField> {
  const input = schema['x-input'];
  const choices = choicesOf(schema, context);
  if (schema.const !== undefined) return { widget: 'hidden', default: schema.const };
  if (choices) return { widget: 'select', options: choices };
  if (input === 'image' || input === 'file') return mediaWidget(input, schema, context);
  if (input === 'date')
    return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'DD.MM.YYYY', time_format: false };
  if (input === 'datetime')
    return { widget: 'datetime', format: 'YYYY-MM-DD HH:mm', date_format: 'DD.MM.YYYY', time_format: 'HH:mm' };
  if (schema.format === 'date')
    return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'DD.MM.YYYY', time_format: false };
  if (schema.type === 'boolean') return { widget: 'boolean' };
  if (schema.type === 'integer' || schema.type === 'number') return numberWidget(schema);
  if (schema.type === 'array') return listWidget(schema, context, value);
  if (schema.type === 'object') return objectWidget(schema, context, value);
  return { widget: input === 'text' ? 'text' : 'string', ...patternOf(schema) };
}

function mediaWidget(input: 'image' | 'file', schema: JsonSchema, { media }: FieldContext): Partial<CmsField> {
  const folders = input === 'file' && media.documents ? media.documents : media.images;
  return {
    widget: input,
    media_folder: `/${folders.folder}`,
    public_folder: folders.public,
    choose_url: false,
    ...patternOf(schema),
  };
}

function numberWidget(schema: JsonSchema): Partial<CmsField> {
  const integer = schema.type === 'integer';
  const field: Partial<CmsField> = { widget: 'number', value_type: integer ? 'int' : 'float' };
  const step = integer ? 1 : Number.EPSILON;
  const min = boundOf(schema.minimum, schema.exclusiveMinimum, step);
  const max = boundOf(schema.maximum, schema.exclusiveMaximum, -step);
  if (min !== undefined) field.min = min;
  if (max !== undefined) field.max = max;
  return field;
}

const boundOf = (inclusive: unknown, exclusive: unknown, step: number): number | undefined => {
  const bound =
    typeof inclusive === 'number' ? inclusive : typeof exclusive === 'number' ? exclusive + step : undefined;
  return bound === undefined || Math.abs(bound) >= SAFE ? undefined : bound;
};

function listWidget(schema: JsonSchema, context: FieldContext, value: unknown): Partial<CmsField> {
  const items = plainShape((schema.items ?? {}) as JsonSchema).schema;
  const field: Partial<CmsField> = { widget: 'list', collapsed: true };
  if (typeof schema.minItems === 'number' && schema.minItems > 0) field.min = schema.minItems;
  if (typeof schema.maxItems === 'number') field.max = schema.maxItems;
  if (items.type === 'object' && items.properties) {
    const itemFields = cmsFields(items, context, Array.isArray(value) ? value[0] : undefined);
    field.fields = itemFields;
    field.summary = summaryOf(itemFields);
  } else {
    field.field = cmsField('value', items, true, context, undefined);
    field.field.label = labelOf('value', items.description ? items : schema);
    delete field.collapsed;
  }
  return field;
}

/** An object with fields; a record (keys the file chooses) becomes an object of the keys the file has. */
function objectWidget(schema: JsonSchema, context: FieldContext, value: unknown): Partial<CmsField> {
  if (schema.properties) return { widget: 'object', collapsed: true, fields: cmsFields(schema, context, value) };
  const values = (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}) as JsonSchema;
  const keys = value && typeof value === 'object' ? Object.keys(value) : [];
  if (keys.length === 0) return { widget: 'hidden' };
  const fields = keys.map((key) => {
    const field = cmsField(key, values, true, context, (value as Record<string, unknown>)[key]);
    field.label = key;
    return field;
  });
  return { widget: 'object', collapsed: true, fields };
}

/**
 * What a union or an optional wrapper says as one shape: a union of objects is one object with
 * every property (none required: the build checks which go together), a value or '' is the
 * value, not required.
 */
function plainShape(schema: JsonSchema): { schema: JsonSchema; optional: boolean } {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(options)) return { schema, optional: false };
  const { anyOf: _any, oneOf: _one, ...rest } = schema;
  const empty = (option: JsonSchema) => option.const === '' || option.type === 'null';
  const kept = options.filter((option) => !empty(option));
  const optional = kept.length < options.length;
  if (kept.length === 1) return { schema: { ...rest, ...(kept[0] as JsonSchema) }, optional };
  if (kept.every((option) => option.type === 'object')) {
    const properties = Object.assign({}, ...kept.map((option) => option.properties ?? {}));
    return { schema: { ...rest, type: 'object', properties, required: [] }, optional };
  }
  return { schema: { ...rest, type: 'string' }, optional };
}

function choicesOf(schema: JsonSchema, { data }: FieldContext): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (Array.isArray(schema['x-choices'])) return (schema['x-choices'] as unknown[]).map(String);
  const from = schema['x-choices-from'];
  if (typeof from !== 'string') return undefined;
  const list = valueAt(data, from);
  return Array.isArray(list) ? list.map(String) : undefined;
}

function patternOf(schema: JsonSchema): Partial<CmsField> {
  if (typeof schema.pattern !== 'string') return {};
  const message = typeof schema.patternErrorMessage === 'string' ? schema.patternErrorMessage : PATTERN_MESSAGE;
  return { pattern: [schema.pattern, message] };
}

/** A list item's summary: its first three text fields. */
function summaryOf(fields: CmsField[]): string | undefined {
  const shown = fields.filter((field) => ['string', 'select', 'number', 'datetime'].includes(field.widget)).slice(0, 3);
  return shown.length > 0 ? shown.map((field) => `{{fields.${field.name}}}`).join(' · ') : undefined;
}

/**
 * A field's label: the schema's `title`, else its description up to the first comma, colon or
 * full stop (the description itself is the hint), else its name.
 */
function labelOf(name: string, schema: JsonSchema): string {
  if (typeof schema.title === 'string') return schema.title;
  const description = typeof schema.description === 'string' ? schema.description : '';
  const head = description.split(/[,:;.(«]/, 1)[0]?.trim() ?? '';
  if (head === '' || /^(true|false)\b/.test(head) || head.length > 48) return name;
  return head;
}

const valueAt = (data: unknown, key: string): unknown =>
  data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)[key] : undefined;
