/**
 * Which of some watched tables a statement's SQL text names: the group commit's book (a statement
 * that names a table with pending sums or rows writes them first, db/batchBook.ts) and the change
 * marks (a write that names a watched table counts, db/changeMarks.ts) both ask it. The few texts a
 * server runs come back again and again, so each text's answer is kept until the watched set grows.
 */
export class TableNames {
  private readonly watched = new Set<string>();
  private pattern: RegExp | null = null;
  private readonly classified = new Map<string, readonly string[]>();

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
}

const NONE: readonly string[] = Object.freeze([]);
