// Package httpapi reads HTTP requests sent under a lease (net/http
// Client.Do of a request built by NewRequest): a write unless its method
// is GET, HEAD, OPTIONS or TRACE, guarded when the request carries the
// fencing header (fencecheck's -fencing-header, Fencing-Token by default)
// or If-Match, whose value is the token the service compares.
package httpapi

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Reader reads HTTP requests.
var Reader store.Reader = reader{}

type reader struct{}

// Classes returns the catalogue class the reader reads.
func (reader) Classes() []catalogue.Class { return []catalogue.Class{catalogue.HTTPDo} }

// Read classifies Client.Do by the request it sends, argument 0.
func (reader) Read(_ store.Core, c store.Call) store.Op {
	req := store.StripConv(store.ArgAt(c.Args, 0))
	newReq := requestCall(req)
	if newReq == nil {
		return &store.Unknown{Reason: "the request is built elsewhere: its method is unknown"}
	}
	method := ""
	for _, a := range newReq.Common().Args {
		if k, ok := a.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			method = strings.ToUpper(constant.StringVal(k.Value))
			break
		}
	}
	switch method {
	case "GET", "HEAD", "OPTIONS", "TRACE", "":
		return nil // a read, or a method chosen at run time: cannot tell
	}
	verb := strings.ToLower(method) + "s"
	if tok, ok := fenceHeader(req); ok {
		return &store.Write{Verb: verb, Guard: store.TokenGuard, TokenArg: tok}
	}
	return &store.Write{Verb: verb, Guard: store.NoGuard,
		Note: "send the token in the " + config.FencingHeader() + " header and have the service reject older ones"}
}

// requestCall returns the http.NewRequest[WithContext] call that built
// req, or nil.
func requestCall(req ssa.Value) *ssa.Call {
	ex, ok := req.(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := store.FuncObject(call.Common().StaticCallee())
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || !strings.HasPrefix(fn.Name(), "NewRequest") {
		return nil
	}
	return call
}

// fenceHeader returns the value a request's fencing header (or If-Match)
// is set to, looking for req.Header.Set/Add(name, value).
func fenceHeader(req ssa.Value) (ssa.Value, bool) {
	refs := req.Referrers()
	if refs == nil {
		return nil, false
	}
	want := strings.ToLower(config.FencingHeader())
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || store.FieldName(fa) != "Header" || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			load, ok := rr.(*ssa.UnOp)
			if !ok || load.Referrers() == nil {
				continue
			}
			for _, use := range *load.Referrers() {
				call, ok := use.(*ssa.Call)
				if !ok || len(call.Common().Args) != 3 {
					continue
				}
				if name := store.CalledName(call); name != "Set" && name != "Add" {
					continue
				}
				key, ok := call.Common().Args[1].(*ssa.Const)
				if !ok || key.Value == nil || key.Value.Kind() != constant.String {
					continue
				}
				switch strings.ToLower(constant.StringVal(key.Value)) {
				case want, "if-match":
					return call.Common().Args[2], true
				}
			}
		}
	}
	return nil, false
}
