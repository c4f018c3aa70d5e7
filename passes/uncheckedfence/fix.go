package uncheckedfence

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/fencecheck/fencecheck/passes/model"
)

// staleMessage is the error text the suggested fix returns on rejection.
const staleMessage = "fencing token rejected: a newer lease holder has written"

// suggestFix returns the missing RowsAffected check for the one shape where
// adding it is mechanically safe:
//
//	_, err := db.ExecContext(ctx, …)
//	if err != nil {
//		return err
//	}
//
// in a function whose only result is an error. The fix names the result
// and adds, after the error check, a check that returns an error when the
// sink affected no row. In any other shape it offers nothing.
func suggestFix(pass *analysis.Pass, w *model.Write) []analysis.SuggestedFix {
	file := fileOf(pass, w.Pos)
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, w.Pos, w.End)
	if len(path) < 4 {
		return nil
	}
	call, ok := path[0].(*ast.CallExpr)
	if !ok {
		return nil
	}
	assign, ok := path[1].(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 || assign.Rhs[0] != call || !isBlank(assign.Lhs[0]) {
		return nil
	}
	errIdent, ok := assign.Lhs[1].(*ast.Ident)
	if !ok || errIdent.Name == "_" {
		return nil
	}
	block, ok := path[2].(*ast.BlockStmt)
	if !ok || !returnsOnlyError(pass, path[3:]) {
		return nil
	}
	check := nextStmt(block, assign)
	if !isErrCheck(check, errIdent.Name) {
		return nil
	}
	twoResults, ok := rowsAffectedShape(pass.TypesInfo.TypeOf(call))
	if !ok {
		return nil
	}
	errorsName, importEdit, ok := errorsPackage(pass, file, check.Pos())
	if !ok {
		return nil
	}
	name := freshName(pass, check.Pos(), "res")
	indent := strings.Repeat("\t", max(pass.Fset.Position(check.Pos()).Column-1, 0))
	stale := fmt.Sprintf("%s.New(%s)", errorsName, strconv.Quote(staleMessage))
	var added string
	if twoResults {
		added = fmt.Sprintf("\n%[1]sif n, err := %[2]s.RowsAffected(); err != nil {\n%[1]s\treturn err\n%[1]s} else if n == 0 {\n%[1]s\treturn %[3]s\n%[1]s}", indent, name, stale)
	} else {
		added = fmt.Sprintf("\n%[1]sif %[2]s.RowsAffected() == 0 {\n%[1]s\treturn %[3]s\n%[1]s}", indent, name, stale)
	}
	edits := []analysis.TextEdit{
		{Pos: assign.Lhs[0].Pos(), End: assign.Lhs[0].End(), NewText: []byte(name)},
		{Pos: check.End(), End: check.End(), NewText: []byte(added)},
	}
	if importEdit != nil {
		edits = append(edits, *importEdit)
	}
	return []analysis.SuggestedFix{{
		Message:   "check RowsAffected and return an error when the sink rejected the write",
		TextEdits: edits,
	}}
}

// fileOf returns the syntax of the file containing pos.
func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// isBlank reports whether e is the blank identifier.
func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// returnsOnlyError reports whether the innermost function enclosing the
// path returns exactly one result, of type error.
func returnsOnlyError(pass *analysis.Pass, path []ast.Node) bool {
	for _, n := range path {
		var ft *ast.FuncType
		switch f := n.(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		default:
			continue
		}
		if ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
			return false
		}
		t := pass.TypesInfo.TypeOf(ft.Results.List[0].Type)
		return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
	}
	return false
}

// nextStmt returns the statement after s in block, or nil.
func nextStmt(block *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	for i, st := range block.List {
		if st == s && i+1 < len(block.List) {
			return block.List[i+1]
		}
	}
	return nil
}

// isErrCheck reports whether s is `if err != nil { …; return … }` with no
// else branch.
func isErrCheck(s ast.Stmt, errName string) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	cond, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return false
	}
	x, ok1 := cond.X.(*ast.Ident)
	y, ok2 := cond.Y.(*ast.Ident)
	if !ok1 || !ok2 || x.Name != errName || y.Name != "nil" {
		return false
	}
	_, ok = ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	return ok
}

// rowsAffectedShape reports whether the first result of a call of type t
// has a RowsAffected method, and whether that method also returns an error
// (database/sql's Result) or not (pgx's CommandTag).
func rowsAffectedShape(t types.Type) (twoResults, ok bool) {
	tuple, isTuple := t.(*types.Tuple)
	if !isTuple || tuple.Len() != 2 {
		return false, false
	}
	obj, _, _ := types.LookupFieldOrMethod(tuple.At(0).Type(), true, nil, "RowsAffected")
	fn, isFunc := obj.(*types.Func)
	if !isFunc {
		return false, false
	}
	switch fn.Signature().Results().Len() {
	case 1:
		return false, true
	case 2:
		return true, true
	}
	return false, false
}

// errorsPackage returns the name under which the errors package is visible
// at pos, importing it when the file does not, or false when that is not
// safe (the name errors means something else there).
func errorsPackage(pass *analysis.Pass, file *ast.File, pos token.Pos) (string, *analysis.TextEdit, bool) {
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "errors" {
			if imp.Name == nil {
				return "errors", nil, true
			}
			if imp.Name.Name != "_" && imp.Name.Name != "." {
				return imp.Name.Name, nil, true
			}
		}
	}
	if scope := pass.Pkg.Scope().Innermost(pos); scope != nil {
		if _, obj := scope.LookupParent("errors", pos); obj != nil {
			return "", nil, false
		}
	}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || !gd.Lparen.IsValid() {
			continue
		}
		at := gd.Lparen + 1
		return "errors", &analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\t\"errors\"")}, true
	}
	return "", nil, false
}

// freshName returns base, or base with a number, that no declaration
// visible at pos uses.
func freshName(pass *analysis.Pass, pos token.Pos, base string) string {
	scope := pass.Pkg.Scope().Innermost(pos)
	for i := 0; ; i++ {
		name := base
		if i > 0 {
			name = fmt.Sprintf("%s%d", base, i+1)
		}
		if scope == nil {
			return name
		}
		if _, obj := scope.LookupParent(name, pos); obj == nil {
			return name
		}
	}
}
