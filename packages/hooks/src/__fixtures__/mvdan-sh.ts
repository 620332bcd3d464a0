// @ts-expect-error mvdan-sh ships no type declarations (the shape used is declared below)
import mvdan from 'mvdan-sh';

/** The part of mvdan/sh's JS build (`mvdan-sh`, GopherJS) the differential test uses. */
interface MvdanNode {
  Value?: string;
  Parts?: unknown;
}
interface MvdanSyntax {
  NewParser(): { Parse(src: string, name: string): MvdanNode };
  Walk(node: MvdanNode, visit: (node: MvdanNode | null) => boolean): void;
  NodeType(node: MvdanNode): string;
}

const { syntax } = mvdan as { syntax: MvdanSyntax };

/** What mvdan/sh (a real bash parser) finds in a line: node types and literal command words, or undefined when it does not parse. */
export function mvdanReading(line: string): { types: Set<string>; calls: string[] } | undefined {
  let file: MvdanNode;
  try {
    file = syntax.NewParser().Parse(line, 'line');
  } catch {
    return undefined;
  }
  const types = new Set<string>();
  const calls: string[] = [];
  syntax.Walk(file, (node) => {
    if (node === null) return true;
    const type = syntax.NodeType(node);
    types.add(type);
    if (type === 'CallExpr') {
      const args = (node as { Args?: { Parts?: MvdanNode[] }[] }).Args;
      const first = args?.[0]?.Parts;
      if (first?.length === 1 && syntax.NodeType(first[0] as MvdanNode) === 'Lit')
        calls.push(String((first[0] as MvdanNode).Value));
      else calls.push('?');
    }
    return true;
  });
  return { types, calls };
}
