package weakguard

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/passes/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "weakguard"

// Analyzer reports the writes the engine judged to break the weakguard rule.
var Analyzer = rule.New(model.WeakGuard, doc, message, nil)

// message describes a write whose guard does not fence.
func message(w *model.Write) string {
	return w.Subject() + " with a guard that does not fence: " + w.Reason
}
