import Foundation

// `fullbleed` entry point: everything happens in `CLI.run`; this file only maps it to the exit code.
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
