import { EMPTY_CONTEXT, formatIssue } from "./check-entry.ts";
import { readContentContext, getContentContext } from "./content-context.ts";
import type { ControlProps, DecapGlobals, ValidityAnswer } from "./decap.ts";
import { checkDraft, expectedReviewId } from "./draft-check.ts";

/** Decap's built-in widgets whose fields the schema check speaks for (every leaf this admin's forms use). */
export const CHECKED_WIDGETS = ["string", "text", "number", "select", "datetime", "relation"] as const;

/** List widgets by their field id, with the keys of their items in order, to turn an item's key into its index. */
const listItemKeys = new Map<string, () => readonly string[]>();

/** `author-field-3` (a uniqueFieldId, from lodash uniqueId) → `author`. */
const FIELD_ID = /^(.+)-field-\d+$/;

/**
 * The content path of a widget's field, as the build names fields:
 * `author.name`, `technicians[2].id`. Decap gives a widget the field ids of
 * its ancestors (`parentIds`); inside a list, an item's key follows the
 * list's id.
 */
export function fieldPathOf(name: string, parentIds: ReadonlyArray<string | undefined>, itemKeysOf: (listId: string) => readonly string[] | undefined): string {
  let path = "";
  for (let at = 0; at < parentIds.length; at++) {
    const id = parentIds[at];
    const match = id === undefined ? null : FIELD_ID.exec(id);
    if (match === null) continue;
    path += path === "" ? match[1] : `.${match[1]}`;
    const keys = itemKeysOf(id!);
    const index = keys?.indexOf(parentIds[at + 1] ?? "") ?? -1;
    if (index >= 0) {
      path += `[${index}]`;
      at++;
    }
  }
  return path === "" ? name : `${path}.${name}`;
}

/** The FAQ file is a list that the form edits as `questions`: `[0].answer` is `questions[0].answer` there. */
const formPathOf = (collection: unknown, field: string) => (collection === "faq" && field.startsWith("[") ? `questions${field}` : field);

/** The build's messages about one field (or an item of it, for lists and multiple choices). */
function findMessages(props: ControlProps, today: string): string[] {
  const entry = props.getEntry();
  const check = checkDraft(entry, getContentContext(), today);
  if (check === null) return [];
  const path = fieldPathOf(String(props.field.get("name")), props.parentIds ?? [], (id) => listItemKeys.get(id)?.());
  const collection = entry.get("collection");
  return check.issues
    .filter((issue) => {
      const at = formPathOf(collection, issue.field);
      return at === path || at.startsWith(`${path}[`);
    })
    .map(formatIssue);
}

function answerFor(props: ControlProps, today: string): ValidityAnswer {
  const messages = findMessages(props, today);
  return messages.length === 0 ? { error: false } : { error: { type: "CUSTOM", parentIds: props.parentIds, message: messages.join("; ") } };
}

interface Inner {
  isValid?: () => ValidityAnswer;
  validate?: () => void;
  focus?: (path: string) => void;
  getValidateValue?: () => unknown;
  shouldComponentUpdate?: (next: ControlProps) => boolean;
  state?: { keys?: string[] };
  getWrappedInstance?: () => Inner;
}

/** Starts reading the roster and review ids when a form opens (content-context.ts). */
function readContext(props: ControlProps): void {
  void readContentContext(props.query, props.forID, Date.now()).catch((error: unknown) => console.error("Could not read the content the check needs:", error));
}

/**
 * Builds the admin's widget controls on Decap's React (`window.h`,
 * `window.createClass`). A checked control renders Decap's own control and
 * answers `isValid` with the build's messages for its field, after the
 * control's own checks.
 */
export function createControls(globals: Required<Pick<DecapGlobals, "h" | "createClass">>, today: () => string) {
  const { h, createClass } = globals;
  const innerOf = (ref: Inner | null): Inner | null => (ref?.getWrappedInstance ? ref.getWrappedInstance() : ref);

  const checked = (base: unknown) =>
    createClass({
      inner: null as Inner | null,
      setInner(ref: Inner | null) {
        this.inner = innerOf(ref);
      },
      componentDidMount() {
        readContext(this.props);
      },
      shouldComponentUpdate(next: ControlProps) {
        return this.inner?.shouldComponentUpdate ? this.inner.shouldComponentUpdate(next) : true;
      },
      isValid(): ValidityAnswer {
        const own = this.inner?.isValid?.();
        if (own instanceof Promise || own === false || (typeof own === "object" && own.error !== false)) return own!;
        return answerFor(this.props, today());
      },
      getValidateValue() {
        return this.inner?.getValidateValue?.();
      },
      focus(path: string) {
        this.inner?.focus?.(path);
      },
      render() {
        return h(base, { ...this.props, ref: this.setInner });
      },
    });

  /** A list control that publishes its items' keys, so the fields inside know their index. */
  const tracked = (base: unknown) =>
    createClass({
      inner: null as Inner | null,
      setInner(ref: Inner | null) {
        this.inner = innerOf(ref);
      },
      componentDidMount() {
        listItemKeys.set(this.props.forID, () => this.inner?.state?.keys ?? []);
        readContext(this.props);
      },
      componentWillUnmount() {
        listItemKeys.delete(this.props.forID);
      },
      shouldComponentUpdate(next: ControlProps) {
        return this.inner?.shouldComponentUpdate ? this.inner.shouldComponentUpdate(next) : true;
      },
      validate() {
        this.inner?.validate?.();
      },
      isValid(): ValidityAnswer {
        return answerFor(this.props, today());
      },
      focus(path: string) {
        this.inner?.focus?.(path);
      },
      render() {
        return h(base, { ...this.props, ref: this.setInner });
      },
    });

  /**
   * A review's id, shown and never typed: the file name of a saved review,
   * or the one made from its date and reviewer (review-id.ts), which the
   * preSave check writes into the entry.
   */
  const reviewId = createClass({
    componentDidMount() {
      readContext(this.props);
    },
    shouldComponentUpdate() {
      return true;
    },
    expected(): string {
      return expectedReviewId(this.props.getEntry(), getContentContext() ?? EMPTY_CONTEXT) ?? "";
    },
    getValidateValue() {
      return this.expected();
    },
    isValid(): ValidityAnswer {
      return answerFor(this.props, today());
    },
    render() {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const value = this.expected();
      return h("input", {
        id: forID,
        className: classNameWrapper,
        type: "text",
        readOnly: true,
        value,
        placeholder: "made from the review date and the reviewer's name",
        onFocus: setActiveStyle,
        onBlur: setInactiveStyle,
      });
    },
  });

  return { checked, tracked, reviewId };
}
