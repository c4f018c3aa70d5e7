package inventory

import (
	_ "embed"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/internal/invdoc"
	"github.com/fencecheck/fencecheck/passes/directives"
	"github.com/fencecheck/fencecheck/passes/model"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name, and so its go vet flag: -fencecheck_inventory.
const Name = "fencecheck_inventory"

// Analyzer reports the lease inventory of each package.
var Analyzer = &analysis.Analyzer{
	Name:     Name,
	Doc:      analysisutil.MustExtractDoc(doc, Name),
	URL:      "https://github.com/fencecheck/fencecheck/blob/main/docs/inventory.md",
	Run:      run,
	Requires: []*analysis.Analyzer{model.Analyzer, directives.Analyzer},
}

// all and calls are the -all and -calls flags: list the writes made
// outside any scope too, and the calls there that could not be judged.
var all, calls bool

func init() {
	Analyzer.Flags.BoolVar(&all, "all", false, "also list the writes made outside any lease scope")
	Analyzer.Flags.BoolVar(&calls, "calls", false, "with -all, also list the calls outside any lease scope that could not be judged (interface calls, function values, callees of other modules), as -why does")
}

// run reports the package's scopes, then its entries.
func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[model.Analyzer].(*model.Result)
	if res.Inventory == nil {
		return nil, nil
	}
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	for _, s := range res.Inventory.Scopes {
		pass.Report(scopeDiagnostic(s))
	}
	for _, e := range res.Inventory.Entries {
		if e.Judgement == model.Unscoped && (!all || e.CallOnly && !calls) {
			continue
		}
		pass.Report(entryDiagnostic(pass, dirs, e))
	}
	return nil, nil
}

// scopeDiagnostic describes a scope.
func scopeDiagnostic(s *model.Scope) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: s.Pos, End: s.End, Category: invdoc.Category, Message: invdoc.ScopePrefix + oneLine(s.Desc)}
	field := func(pos token.Pos, name, value string) {
		if value == "" {
			return
		}
		if !pos.IsValid() {
			pos = s.Pos
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: invdoc.Field(name, oneLine(value))})
	}
	field(s.Pos, invdoc.FieldKind, s.Kind.String())
	field(s.Pos, invdoc.FieldFunc, s.Func)
	field(s.Pos, invdoc.FieldRecognised, s.By+": "+s.How)
	field(s.Token.Pos, invdoc.FieldToken, s.Token.Text)
	if s.Token.Text != "" {
		field(s.Token.Pos, invdoc.FieldTokenFrom, s.Token.Note)
	}
	field(s.Key.Pos, invdoc.FieldKey, s.Key.Text)
	if s.Key.Text != "" {
		field(s.Key.Pos, invdoc.FieldKeyFrom, s.Key.Note)
	}
	for _, e := range s.Ends {
		field(e.Pos, invdoc.FieldEnds, e.Message)
	}
	return d
}

// entryDiagnostic describes a call of the inventory.
func entryDiagnostic(pass *analysis.Pass, dirs *directives.Result, e *model.Entry) analysis.Diagnostic {
	verdict := e.Judgement.String()
	head := verdict
	if e.Rule != "" {
		head += " (" + e.Rule + ")"
	}
	d := analysis.Diagnostic{Pos: e.Pos, End: e.End, Category: invdoc.Category, Message: oneLine(e.Subject + ": " + head + ": " + e.Reason)}
	field := func(pos token.Pos, name, value string) {
		if value == "" {
			return
		}
		if !pos.IsValid() {
			pos = e.Pos
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, Message: invdoc.Field(name, oneLine(value))})
	}
	if e.Lease != nil {
		field(e.Lease.Pos, invdoc.FieldScope, e.Lease.Desc)
	}
	for _, a := range e.Also {
		field(a.Pos, invdoc.FieldAlso, a.Message)
	}
	for _, r := range e.Related {
		field(r.Pos, invdoc.FieldStep, r.Message)
	}
	field(e.Pos, invdoc.FieldVerdict, verdict)
	field(e.Pos, invdoc.FieldRule, e.Rule)
	if e.Write != nil || e.Judgement == model.Unscoped {
		field(e.Pos, invdoc.FieldGuard, e.Guard.String())
	}
	field(e.Pos, invdoc.FieldReason, e.Reason)
	field(e.Pos, invdoc.FieldCallee, e.Callee)
	field(e.Pos, invdoc.FieldFunc, e.Func)
	field(e.Pos, invdoc.FieldSubject, e.Subject)
	field(e.Pos, invdoc.FieldJudges, e.Judges)
	if e.Rule != "" {
		field(e.Pos, invdoc.FieldIgnored, ignoreReason(pass, dirs, e))
	}
	return d
}

// ignoreReason returns the reason of the //fencecheck:ignore of the rule
// that covers the entry's line, or "".
func ignoreReason(pass *analysis.Pass, dirs *directives.Result, e *model.Entry) string {
	tf := pass.Fset.File(e.Pos)
	if tf == nil {
		return ""
	}
	for _, ig := range dirs.Ignores(e.Rule) {
		if ig.File == tf.Name() && ig.Line == tf.Line(e.Pos) {
			return orDash(ig.Reason)
		}
	}
	return ""
}

// orDash returns s, or "-" when it is empty.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// oneLine folds a value onto one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
