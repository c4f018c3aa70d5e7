package sql

import (
	"go/constant"
	"strings"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// BoundArg returns the argument a placeholder binds among the SQL
// arguments: by position, or by name through sql.Named.
func BoundArg(args []ssa.Value, p sqltext.Placeholder) ssa.Value {
	if i := p.ArgIndex(); i >= 0 {
		if i < len(args) && args[i] != nil {
			return store.UnwrapInterface(args[i])
		}
		return nil
	}
	for _, a := range args {
		call, ok := store.UnwrapInterface(a).(*ssa.Call)
		if !ok {
			continue
		}
		fn := store.FuncObject(call.Common().StaticCallee())
		if fn == nil || fn.FullName() != "database/sql.Named" || len(call.Common().Args) != 2 {
			continue
		}
		if c, ok := call.Common().Args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && strings.EqualFold(constant.StringVal(c.Value), p.Name) {
			return store.UnwrapInterface(call.Common().Args[1])
		}
	}
	return nil
}
