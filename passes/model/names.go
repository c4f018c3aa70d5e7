package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// displayName returns a short name for a called function: the package name
// instead of its path ("(*sql.DB).ExecContext", "store.Save").
func displayName(fn *types.Func, local *ssa.Function) string {
	if fn == nil {
		if local != nil {
			return local.Name()
		}
		return "function"
	}
	qual := func(p *types.Package) string { return p.Name() }
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		recv := types.TypeString(sig.Recv().Type(), qual)
		if strings.HasPrefix(recv, "*") || types.IsInterface(sig.Recv().Type()) || strings.Contains(recv, ".") {
			return "(" + stripTypeArgs(recv) + ")." + fn.Name()
		}
		return recv + "." + fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// stripTypeArgs removes type arguments from a receiver type name.
func stripTypeArgs(s string) string {
	if i := strings.IndexByte(s, '['); i >= 0 {
		return s[:i]
	}
	return s
}

// callRange returns the source range of the call expression of instr, or
// its position twice when the syntax is not found.
func (m *model) callRange(instr ssa.CallInstruction) (token.Pos, token.Pos) {
	if m.calls == nil {
		m.calls = make(map[token.Pos]*ast.CallExpr)
		for _, f := range m.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					m.calls[c.Lparen] = c
				}
				return true
			})
		}
	}
	lparen := instr.Common().Pos()
	if c, ok := m.calls[lparen]; ok {
		return c.Pos(), c.End()
	}
	return instr.Pos(), instr.Pos()
}
