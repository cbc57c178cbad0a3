/**
 * Which of some watched tables a statement's SQL text names: the group commit's book (a statement
 * that names a table with pending sums or rows writes them first, db/batchBook.ts) and the change
 * marks (a write counts for the watched table it changes, `writtenIn`, db/changeMarks.ts) both ask it. The few texts a
 * server runs come back again and again, so each text's answer is kept until the watched set grows.
 */
export class TableNames {
  private readonly watched = new Set<string>();
  private pattern: RegExp | null = null;
  private readonly classified = new Map<string, readonly string[]>();
  private readonly targets = new Map<string, readonly string[]>();

  /** Watches `tables` too; answers whether the set grew. */
  watch(tables: readonly string[]): boolean {
    let grew = false;
    for (const table of tables) {
      if (this.watched.has(table)) continue;
      this.watched.add(table);
      grew = true;
    }
    if (grew) {
      this.pattern = new RegExp(`\\b(${[...this.watched].join('|')})\\b`, 'gi');
      this.classified.clear();
      this.targets.clear();
    }
    return grew;
  }

  /** The watched tables `text` names (whole words, in any case), each once. */
  namedIn(text: string): readonly string[] {
    if (!this.pattern) return NONE;
    let tables = this.classified.get(text);
    if (!tables) {
      const names = text.match(this.pattern);
      tables = names ? [...new Set(names.map((name) => name.toLowerCase()))] : NONE;
      this.classified.set(text, tables);
    }
    return tables;
  }

  /**
   * The watched tables a statement that may write changes: for an INSERT, REPLACE, UPDATE or DELETE
   * (after a WITH clause too) only its target, whatever else it reads (a bet's INSERT returns its
   * player's name from `users`, which it does not change); for anything else (DDL, PRAGMA...) every
   * watched table it names. The schema has no triggers and no cascading foreign keys, so a DML
   * statement changes no other table.
   */
  writtenIn(text: string): readonly string[] {
    if (!this.pattern) return NONE;
    let tables = this.targets.get(text);
    if (!tables) {
      // A qualified name (schema.table) or a form not recognised: every watched table named.
      const target = DML_TARGET.exec(afterWith(text))?.[1];
      tables = target === undefined ? this.namedIn(text) : this.watched.has(target.toLowerCase()) ? [target.toLowerCase()] : NONE;
      this.targets.set(text, tables);
    }
    return tables;
  }
}

/**
 * The statement after a leading WITH clause (its common table expressions skipped by their balanced
 * parentheses; a quote inside one gives up): the text itself when there is none, '' when unsure.
 */
function afterWith(text: string): string {
  const head = /^\s*WITH\s+(RECURSIVE\s+)?/i.exec(text);
  if (!head) return text;
  let at = head[0].length;
  for (;;) {
    const name = /^\w+\s*(\([^()'"]*\)\s*)?AS\s+(NOT\s+)?(MATERIALIZED\s+)?\(/i.exec(text.slice(at));
    if (!name) return '';
    at += name[0].length;
    for (let depth = 1; depth > 0; at++) {
      const c = text[at];
      if (c === undefined || c === "'" || c === '"') return '';
      if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    const comma = /^\s*,\s*/.exec(text.slice(at));
    if (!comma) return text.slice(at);
    at += comma[0].length;
  }
}
/** The table an INSERT, REPLACE, UPDATE or DELETE writes, unqualified (a name followed by a dot does not match). */
const DML_TARGET = /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)"?(?![\w".]|\s*\.)/i;

const NONE: readonly string[] = Object.freeze([]);
