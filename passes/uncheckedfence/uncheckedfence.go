package uncheckedfence

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/passes/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "uncheckedfence"

// Analyzer reports the writes the engine judged to break the uncheckedfence rule.
var Analyzer = rule.New(model.UncheckedFence, doc, message, suggestFix)

// message describes a fenced write whose rejection is ignored.
func message(w *model.Write) string {
	return w.Subject() + " with a fencing token, but " + w.Reason + " (a rejected worker carries on as if it had won)"
}
