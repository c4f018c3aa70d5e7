package unfenced

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/passes/internal/rule"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the rule's name, used in directives and output.
const Name = "unfenced"

// Analyzer reports the writes the engine judged to break the unfenced rule.
var Analyzer = rule.New(model.Unfenced, doc, message, nil)

// message describes an unfenced write in one line.
func message(w *model.Write) string {
	msg := w.Subject()
	if len(w.Via) > 0 {
		msg += " without a fencing token"
	} else {
		msg += " under a lease without a fencing token"
	}
	if w.Note != "" {
		msg += "; " + w.Note
	}
	return msg + " (a worker that lost the lease can overwrite newer state)"
}
