/**
 * A text derived from another one (decoded, normalised), with where each of its UTF-16
 * units came from: unit `i` of `text` stands for `source[starts[i], ends[i])`.
 */
export interface MappedText {
  readonly text: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** Builds a {@link MappedText} one emitted piece at a time. */
export class MappedBuilder {
  text = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];

  /** Appends `out`, every unit of which stands for `source[start, end)`. */
  emit(out: string, start: number, end: number): void {
    this.text += out;
    for (let i = 0; i < out.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  done(): MappedText {
    return { text: this.text, starts: this.starts, ends: this.ends };
  }
}

/** `outer` was derived from `inner.text`: the same text, mapped to `inner`'s source. */
export function compose(outer: MappedText, inner: MappedText): MappedText {
  const starts = outer.starts.map((s) => inner.starts[s]!);
  const ends = outer.ends.map((e) => inner.ends[e - 1]!);
  return { text: outer.text, starts, ends };
}

/** The source range of `mapped.text[start, end)` (end exclusive, `end > start`). */
export function sourceRange(mapped: MappedText, start: number, end: number): [number, number] {
  return [mapped.starts[start]!, mapped.ends[end - 1]!];
}
