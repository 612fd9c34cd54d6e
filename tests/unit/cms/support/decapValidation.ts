// What Decap CMS 3 checks when an editor presses Save, for plain data read from a content file: the rules of
// decap-cms-core's Widget.validate (presence, pattern), the object and list widgets' own validate (which
// widgets they descend into, and which they skip) and the isValid of the number, select and relation
// controls. Read from decap-cms-core 3.19 (src/components/Editor/EditorControlPane/{EditorControlPane,
// Widget}.js) and decap-cms-widget-{object,list,number,select,relation,file} 3.x; the messages are
// decap-cms-locales' English ones. Decap holds entry data as Immutable values (fromJS): an array here is
// its List, a plain object its Map.
//
// A second kind of problem is not a save error but a value the admin's widget cannot show as it is: a
// select value that is not one of its options (the select shows nothing), a relation to an entry that
// does not exist, a list item of a type the list does not offer. Decap would still save those.

export type DecapField = {
  name: string;
  label?: string;
  widget?: string;
  required?: boolean;
  pattern?: [string, string];
  min?: number;
  max?: number;
  multiple?: boolean;
  options?: (string | number | { label: string; value: string | number })[];
  collection?: string;
  value_field?: string;
  fields?: DecapField[];
  field?: DecapField;
  types?: DecapField[];
  typeKey?: string;
};

export type Problem = {
  /** "save": Decap refuses the save with this message. "editor": the widget cannot show the value. */
  kind: "save" | "editor";
  /** Where in the entry, e.g. `menus[0].entries[3].url`. */
  path: string;
  message: string;
};

export type ValidationContext = {
  /** Slugs of each collection's entries, for relation fields. */
  slugs?: ReadonlyMap<string, ReadonlySet<string>>;
};

type Value = unknown;

const isMap = (value: Value): value is Record<string, Value> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

const labelOf = (field: DecapField) => field.label ?? field.name;

/**
 * Widget.js isEmpty on the Immutable value: null, undefined, a string or List of length 0. A Map is never
 * empty (its constructor is not Object), nor is 0, false or a Date.
 */
function isEmpty(value: Value): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string" || Array.isArray(value)) return value.length === 0;
  return false;
}

/** The file widget's getValidateValue: the base name of each path (the image widget shares it). */
function validateValueOf(field: DecapField, value: Value): Value {
  const widget = field.widget ?? "string";
  if ((widget === "image" || widget === "file") && value) {
    const base = (v: Value) => String(v).split("/").pop() ?? "";
    const named = Array.isArray(value) ? value.map(base) : base(value);
    // `getValidateValue() || props.value`: an empty result falls back to the value itself.
    if (named) return named;
  }
  return value;
}

/** How RegExp.test sees a value: a List joined with commas (Widget.getValidateValue), anything else as String(). */
const asTested = (value: Value): string =>
  Array.isArray(value) ? value.map((item) => String(item)).join(",") : String(value);

/** decap-cms-lib-widgets validateMinMax, for List sizes (list, multiple select, multiple relation). */
function sizeProblem(field: DecapField, value: Value): string | null {
  const size = Array.isArray(value) ? value.length : undefined;
  const { min, max } = field;
  const label = labelOf(field);
  const isNumber = (n: unknown): n is number => typeof n === "number";
  if (isNumber(min) && isNumber(max) && isNumber(size) && (size < min || size > max)) {
    return min === max
      ? `${label} must have exactly ${min} item(s).`
      : `${label} must have between ${min} and ${max} item(s).`;
  }
  if (isNumber(min) && min > 0 && size && size < min)
    return `${label} must be at least ${min} item(s).`;
  if (isNumber(max) && size && size > max) return `${label} must be ${max} or less item(s).`;
  return null;
}

/** decap-cms-widget-number validateMinMax (skipped when the field has a pattern). */
function numberProblem(field: DecapField, value: Value): string | null {
  if (field.pattern) return null;
  const min = field.min ?? false;
  const max = field.max ?? false;
  const label = labelOf(field);
  const v = value as number;
  if (value !== "" && min !== false && max !== false && (v < min || v > max))
    return `${label} must be between ${min} and ${max}.`;
  if (value !== "" && min !== false && v < min) return `${label} must be at least ${min}.`;
  if (value !== "" && max !== false && v > max) return `${label} must be ${max} or less.`;
  return null;
}

class Validator {
  readonly problems: Problem[] = [];
  constructor(private readonly context: ValidationContext) {}

  save(path: string, message: string) {
    this.problems.push({ kind: "save", path, message });
  }

  editor(path: string, message: string) {
    this.problems.push({ kind: "editor", path, message });
  }

  /** One field's control: the object and list widgets validate their children, the rest Widget.validate. */
  control(field: DecapField, value: Value, path: string) {
    const widget = field.widget ?? "string";
    if (widget === "object") return this.object(field, value, path);
    if (widget === "list") return this.list(field, value, path);
    this.widget(field, value, path);
    this.editorChecks(field, value, path);
  }

  /** ObjectControl.validate: each child but hidden ones; a child of a value that is not a Map gets the value itself. */
  object(field: DecapField, value: Value, path: string) {
    const children = field.field ? [field.field] : (field.fields ?? []);
    if (value !== undefined && value !== null && !isMap(value) && field.fields)
      this.editor(
        path,
        `${labelOf(field)} holds ${JSON.stringify(value)} where the admin expects a group of fields.`,
      );
    for (const child of children) {
      if (child.widget === "hidden") continue;
      const childValue = value && isMap(value) ? value[child.name] : value;
      this.control(child, childValue, field.field ? path : `${path}.${child.name}`);
    }
  }

  /** ListControl.validate: the items' controls when there are any, else the list's own Widget.validate; then its size. */
  list(field: DecapField, value: Value, path: string) {
    const kind = field.fields ? "multiple" : field.field ? "single" : field.types ? "mixed" : null;
    const items = Array.isArray(value) ? value : [];
    if (value !== undefined && value !== null && !Array.isArray(value))
      this.editor(
        path,
        `${labelOf(field)} holds ${JSON.stringify(value)} where the admin expects a list.`,
      );
    const rendered: Array<{ item: Value; itemField: DecapField; at: string }> = [];
    if (kind) {
      items.forEach((item, index) => {
        const at = `${path}[${index}]`;
        if (kind !== "mixed") return rendered.push({ item, itemField: field, at });
        const typeKey = field.typeKey ?? "type";
        const type = isMap(item) ? item[typeKey] : undefined;
        const typed = (field.types ?? []).find((candidate) => candidate.name === type);
        // renderErroneousTypedItem: shown as an error, with no control (so nothing of it is validated).
        if (!typed) {
          this.editor(
            at,
            type === undefined
              ? `Error: item has no '${typeKey}' property`
              : `Error: item has illegal '${typeKey}' property: '${String(type)}'`,
          );
          return undefined;
        }
        return rendered.push({ item, itemField: typed, at });
      });
    }
    if (kind && rendered.length > 0) {
      for (const { item, itemField, at } of rendered) this.object(itemField, item, at);
    } else {
      this.widget(field, value, path);
    }
    const required = field.required ?? true;
    if (!required && items.length === 0) return;
    const size = sizeProblem(field, value);
    if (size) this.save(path, size);
  }

  /** Widget.validate: presence, then pattern, then the control's own isValid. */
  widget(field: DecapField, value: Value, path: string) {
    const tested = validateValueOf(field, value);
    const label = labelOf(field);
    if ((field.required ?? true) && isEmpty(tested)) this.save(path, `${label} is required.`);
    if (!isEmpty(tested) && field.pattern && !new RegExp(field.pattern[0]).test(asTested(tested)))
      this.save(path, `${label} didn't match the pattern: ${field.pattern[1]}.`);
    const widget = field.widget ?? "string";
    const own =
      widget === "number"
        ? numberProblem(field, value)
        : (widget === "select" || widget === "relation") && field.multiple
          ? sizeProblem(field, value)
          : null;
    if (own) this.save(path, own);
  }

  /** Values Decap saves but its widget cannot show: unknown select options, relations to missing entries. */
  editorChecks(field: DecapField, value: Value, path: string) {
    if (isEmpty(value)) return;
    const values = Array.isArray(value) ? value : [value];
    const label = labelOf(field);
    if (field.widget === "select") {
      const options = (field.options ?? []).map((option) =>
        typeof option === "object" ? String(option.value) : String(option),
      );
      for (const v of values)
        if (!options.includes(String(v)))
          this.editor(
            path,
            `${label} holds "${String(v)}", which is not one of its options (${options.join(", ")}).`,
          );
    }
    if (field.widget === "relation" && field.collection && field.value_field === "{{slug}}") {
      const known = this.context.slugs?.get(field.collection);
      if (!known) return;
      for (const v of values)
        if (!known.has(String(v)))
          this.editor(
            path,
            `${label} points at "${String(v)}", which is not an entry of ${field.collection}.`,
          );
    }
  }
}

/**
 * Every problem Decap's editor finds in an entry's data: EditorControlPane.validate runs each top-level
 * field's control except hidden ones.
 */
export function validateEntry(
  fields: readonly DecapField[],
  data: Record<string, unknown>,
  context: ValidationContext = {},
): Problem[] {
  const validator = new Validator(context);
  for (const field of fields) {
    if (field.widget === "hidden") continue;
    validator.control(field, data[field.name], field.name);
  }
  return validator.problems;
}
