/** Where `runMcpCli` writes (never the protocol channel: stdio mode owns stdout). */
export interface McpCliIo {
  stderr: (text: string) => void;
  stdout: (text: string) => void;
}
