package model

import (
	"go/constant"
	"go/token"
	"strings"
	"unicode"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
	"golang.org/x/tools/go/ssa"
)

// Stored versions compared in Go. Beyond a token column scanned from SQL,
// a client-side compare reads a version-like field (Version, Generation,
// Epoch, Rev, ModRevision, FencingToken, Term, Seq) of a value a call
// returned after the lease was taken, and compares it in Go before the
// write: if rec, _ := repo.Get(ctx, id); rec.Version > tok { return }.
// The call must look like a read of the store: it takes a context (it does
// I/O) and is not the acquisition; a comparison with a constant (rec.Version
// == 0, a row not yet written) is not a token compare.

// versionWords are the words of a field name that hold a version or token.
var versionWords = vocab.Words("version generation epoch rev revision fence fencing token term seq sequence")

// isVersionField reports whether a Go field name is version-like
// ("ModRevision", "ResourceVersion", "FencingToken"); identifiers
// ("VersionID") are not.
func isVersionField(name string) bool {
	for _, suffix := range []string{"ID", "IDs", "Id", "Ids", "_id"} {
		if strings.HasSuffix(name, suffix) {
			return false
		}
	}
	parts := camelWords(name)
	for _, p := range parts {
		if versionWords[p] {
			return true
		}
	}
	return false
}

// camelWords splits a Go identifier into lower-case words ("ModRevision"
// gives mod, revision; "ETag" gives etag).
func camelWords(name string) []string {
	var out []string
	start := 0
	rs := []rune(name)
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || rs[i] == '_' ||
			unicode.IsUpper(rs[i]) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])) {
			if w := strings.Trim(string(rs[start:i]), "_"); w != "" {
				out = append(out, strings.ToLower(w))
			}
			start = i
		}
	}
	return out
}

// storedVersionField returns the name of the version-like field v reads
// and the call that read the value it belongs to, when that call reads
// the store under a lease.
func (m *model) storedVersionField(v ssa.Value) (string, *ssa.Call) {
	v = store.Unconvert(v)
	var field string
	var base ssa.Value
	switch x := v.(type) {
	case *ssa.Field:
		field, base = store.FieldNameOf(x), x.X
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			field, base = store.FieldName(fa), fa.X
		}
	}
	if field == "" || !isVersionField(field) {
		return "", nil
	}
	call := readCall(base, 0)
	if call == nil || !m.storeRead(call) {
		return "", nil
	}
	return field, call
}

// readCall returns the call whose result base is part of: through field
// and element selections, dereferences and the extraction of a result.
func readCall(v ssa.Value, depth int) *ssa.Call {
	if v == nil || depth > 6 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		return readCall(x.Tuple, depth+1)
	case *ssa.Field:
		return readCall(x.X, depth+1)
	case *ssa.FieldAddr:
		return readCall(x.X, depth+1)
	case *ssa.IndexAddr:
		return readCall(x.X, depth+1)
	case *ssa.Index:
		return readCall(x.X, depth+1)
	case *ssa.Alloc:
		return readCall(store.StoredOnce(x), depth+1) // a local variable assigned once
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return readCall(x.X, depth+1)
		}
	}
	return nil
}

// storeRead reports whether call reads the store while a lease is held: it
// takes a context, is no acquisition, and runs in a lease scope.
func (m *model) storeRead(call *ssa.Call) bool {
	if o := m.opAt(call); o != nil && (o.acquire || o.write) {
		return false
	}
	takesContext := false
	for _, a := range call.Common().Args {
		if namedType(a.Type()) == "context.Context" {
			takesContext = true
		}
	}
	if !takesContext {
		return false
	}
	fi := m.local[call.Parent()]
	if fi == nil {
		return false
	}
	_, held := fi.leaseAt(call)
	return held
}

// isConstant reports whether v is a constant, through conversions.
func isConstant(v ssa.Value) bool {
	c, ok := store.Unconvert(v).(*ssa.Const)
	return ok && (c.Value == nil || c.Value.Kind() != constant.Unknown)
}

// calleeDisplay returns the display name of the function call calls.
func calleeDisplay(call *ssa.Call) string {
	c := call.Common()
	if c.IsInvoke() {
		return displayName(c.Method, nil)
	}
	if fn := c.StaticCallee(); fn != nil {
		return displayName(store.FuncObject(fn), fn)
	}
	return "a call"
}
