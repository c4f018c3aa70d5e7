package preflight

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/passes/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "preflight"

// Analyzer reports the writes the engine judged to break the preflight rule.
var Analyzer = rule.New(model.Preflight, doc, message, nil)

// message describes a write protected only by a check before it.
func message(w *model.Write) string {
	return w.Subject() + " after an ownership check that does not fence it (the worker can pause after the check, lose the lease, and still write)"
}
