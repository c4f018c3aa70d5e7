package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// returnedText resolves the SQL text returned by a call of fn (a query
// builder such as query.ClaimTasks(n)): for a function of the package, the
// text every return gives, when all agree; for another package's, the text
// its fact records. It returns sqltext.Hole when the text is not known.
func (m *model) returnedText(call *ssa.Call, fn *types.Func, depth int) string {
	if call.Common().IsInvoke() {
		return sqltext.Hole
	}
	if fn.Pkg() != m.pass.Pkg {
		if f, ok := m.importedFact(fn); ok && f.SQLText != "" {
			return f.SQLText
		}
		return sqltext.Hole
	}
	callee := call.Common().StaticCallee()
	if callee == nil || m.local[callee] == nil {
		return sqltext.Hole
	}
	return m.textReturnedBy(callee, depth)
}

// textReturnedBy returns the text a function of the package returns as
// its first result, a string, when every return gives the same text, and
// sqltext.Hole otherwise.
func (m *model) textReturnedBy(fn *ssa.Function, depth int) string {
	res := fn.Signature.Results()
	if res.Len() == 0 || res.Len() > 2 || !isString(res.At(0).Type()) || res.Len() == 2 && !store.IsError(res.At(1).Type()) {
		return sqltext.Hole
	}
	if m.returned == nil {
		m.returned = make(map[*ssa.Function]string)
	}
	if s, ok := m.returned[fn]; ok {
		if s == "" {
			return sqltext.Hole // recursion
		}
		return s
	}
	m.returned[fn] = ""
	text := ""
	for _, ret := range returns(fn) {
		if len(ret.Results) == 0 {
			continue
		}
		s := textOf(m, ret.Results[0], depth+1)
		if text == "" {
			text = s
		} else if s != text {
			text = sqltext.Hole
			break
		}
	}
	if text == "" {
		text = sqltext.Hole
	}
	m.returned[fn] = text
	return text
}

// exportedText returns the SQL text a declared function of the package
// returns, for its fact: only text that reads as a query or a write, or a
// placeholder list (sqllists.go) that callers splice into one (anything
// else, "tasks" or a DDL, is not exported).
func (m *model) exportedText(fn *ssa.Function) string {
	text := m.textReturnedBy(fn, 0)
	if text == sqltext.Hole {
		return ""
	}
	if isList(text) {
		return text
	}
	if st := sqltext.Parse(text); st.Kind == sqltext.Unknown || st.Kind == sqltext.Other {
		return ""
	}
	return text
}
