/**
 * The little of Decap CMS this admin uses, typed: `window.CMS` (its
 * registry), `window.h` (React.createElement) and `window.createClass`, which
 * the decap-cms bundle puts on the page. Immutable values are read through
 * `get`, `getIn` and `toJS` only.
 */
export interface ImmutableValue {
  get(key: string): unknown;
  getIn(path: readonly unknown[]): unknown;
  set(key: string, value: unknown): ImmutableValue;
  toJS(): unknown;
}

/** One entry found by a widget's `query` (decap-cms-core/src/backend.ts `query`). */
export interface QueryHit {
  slug: string;
  path: string;
  data: Record<string, unknown>;
}

export type QueryFn = (namespace: string, collection: string, searchFields: string[], term: string, file?: string, limit?: number) => Promise<unknown>;

/** The props Decap gives every widget control (decap-cms-core Widget.js). */
export interface ControlProps {
  forID: string;
  field: ImmutableValue;
  value: unknown;
  collection: ImmutableValue;
  getEntry: () => ImmutableValue;
  parentIds?: ReadonlyArray<string | undefined>;
  query: QueryFn;
  classNameWrapper: string;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
  [other: string]: unknown;
}

/** A widget's validation answer (Widget.js `validateWrappedControl`). */
export type ValidityAnswer = boolean | { error: false | { type: string; parentIds?: unknown; message: string } } | Promise<unknown>;

export interface WidgetDefinition {
  control: unknown;
  preview?: unknown;
  schema?: unknown;
  globalStyles?: unknown;
  allowMapValue?: boolean;
}

export interface DecapCms {
  getWidget(name: string): WidgetDefinition | undefined;
  registerWidget(widget: Record<string, unknown>): void;
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile: (text: string) => unknown; toFile: (data: Record<string, unknown>) => string },
  ): void;
  registerEventListener(listener: { name: "preSave"; handler: (event: { entry: ImmutableValue }) => Promise<ImmutableValue | undefined> }): void;
  getLocale(locale: string): Record<string, unknown> | undefined;
  registerLocale(locale: string, phrases: Record<string, unknown>): void;
  init(options: { config: Record<string, unknown> }): void;
}

/** A React class component made by create-react-class: `this.props` plus whatever the spec adds. */
export type ComponentSpec<T> = T & ThisType<T & { props: ControlProps; state: unknown }>;

export interface DecapGlobals {
  CMS?: DecapCms;
  CMS_MANUAL_INIT?: boolean;
  h?: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  createClass?: <T extends object>(spec: ComponentSpec<T>) => unknown;
}
