package clientcompare

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/passes/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "clientcompare"

// Analyzer reports the writes the engine judged to break the clientcompare rule.
var Analyzer = rule.New(model.ClientCompare, doc, message, nil)

// message describes a write guarded by a comparison made in Go.
func message(w *model.Write) string {
	return w.Subject() + " after comparing the fencing token in Go, which is not atomic with the write (compare it in the statement so the sink rejects a stale token)"
}
