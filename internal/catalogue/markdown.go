package catalogue

import (
	"fmt"
	"sort"
	"strings"
)

// Markdown renders the catalogue as the page docs/catalogue.md: one table
// per library, an entry per API with its class.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# API catalogue\n\n")
	b.WriteString("Generated from `internal/catalogue` by `go test ./internal/catalogue -update`; do not edit.\n\n")
	b.WriteString("Every API fencecheck models, keyed by the full name of the called function as\n")
	b.WriteString("`(*types.Func).FullName` prints it. Methods promoted through embedding resolve to the\n")
	b.WriteString("embedded type's method. Functions of other libraries are added with the analyzer flags\n")
	b.WriteString("`-fencecheck.acquire`, `-fencecheck.release`, `-fencecheck.probe`, `-fencecheck.sink`,\n")
	b.WriteString("`-fencecheck.guarded NAME:PARAM` and `-fencecheck.handler` (see docs/directives.md).\n\n")
	b.WriteString("Handlers are recognised by signature, not listed here: a function with a River `*river.Job[T]`\n")
	b.WriteString("or an asynq `*asynq.Task` parameter, a function that uses `go.temporal.io/sdk/activity`, and\n")
	b.WriteString("the `OnStartedLeading` callback of a client-go `leaderelection.LeaderCallbacks`.\n")
	lib := ""
	for _, e := range Entries() {
		if e.Library != lib {
			lib = e.Library
			fmt.Fprintf(&b, "\n## `%s`\n\n| API | class | notes |\n|---|---|---|\n", lib)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", e.Name, e.Class, notes(e))
	}
	if len(weakFields) > 0 {
		b.WriteString("\n## Fields that are not fencing tokens\n\n| field | why |\n|---|---|\n")
		for _, k := range sortedKeys(weakFields) {
			fmt.Fprintf(&b, "| `%s` | %s |\n", k, weakFields[k])
		}
	}
	return b.String()
}

// notes describes what a class inspects for one entry.
func notes(e Entry) string {
	var parts []string
	switch e.Class {
	case CondSink, ChainGuard, OpsGuard, TxnProduce, TxnCommit:
		if len(e.Fields) > 0 {
			parts = append(parts, "guarded by "+strings.Join(e.Fields, ", "))
		}
	case VersionedSink:
		parts = append(parts, fmt.Sprintf("argument %d is the version; -1 is unguarded", e.Arg))
	case Guarded:
		if len(e.Fields) > 0 {
			parts = append(parts, "condition "+strings.Join(e.Fields, ", "))
		}
	}
	if e.Reason != "" {
		parts = append(parts, e.Reason)
	}
	if e.Class == SQLExec || e.Class == SQLQueue {
		parts = append(parts, fmt.Sprintf("SQL text is argument %d", e.Text))
		if e.Named {
			parts = append(parts, "named arguments")
		}
	}
	return strings.Join(parts, "; ")
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
