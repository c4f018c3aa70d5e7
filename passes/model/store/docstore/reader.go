// Package docstore reads the calls of document stores (the MongoDB Go
// drivers): a write is guarded by its filter document, read when the code
// builds it as a composite literal (bson.M, bson.D of bson.E, primitive.M
// and .D, map[string]any), directly or through a local variable, with
// $and nested. A token field compared with $lt or $lte against an
// incoming value fences; $gt or $gte accepts older tokens; equality with
// a value the claim issued on a field that is not an identifier (or a
// holder field with a value) is an owner check; a state or expiry field
// alone is a state guard; a filter by key alone leaves the write
// unguarded. A cleanup by age and a claim of the document's own lease are
// not writes, as in SQL; a FindOneAndUpdate that claims a free or expired
// document's lease is an acquisition. A filter fencecheck cannot read
// (built elsewhere, $or, $expr) makes it silent unless a token guard is
// read in the rest, as SQL text it cannot resolve does.
package docstore

import (
	"strings"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Reader reads document-store calls.
var Reader store.Reader = reader{}

type reader struct{}

// Classes returns the catalogue class the reader reads.
func (reader) Classes() []catalogue.Class { return []catalogue.Class{catalogue.FilterWrite} }

// Read classifies a write by its filter document, argument Entry.Arg (for
// a bulk write, the filters of its write models). It returns nil when the
// filter cannot be read, or a bulk write holds only inserts.
func (reader) Read(core store.Core, c store.Call) store.Op {
	e := c.Entry
	var g filterGuard
	var ok bool
	if len(e.Fields) > 0 {
		g, ok = bulkGuard(core, store.ArgAt(c.Args, e.Arg), e.Fields)
	} else {
		var f *docFilter
		g, f, ok = docGuard(core, store.ArgAt(c.Args, e.Arg))
		if ok && retention(c.Method, f, store.ArgAt(c.Args, e.Arg+1)) {
			return &store.NotWrite{Cleanup: true, Reason: "a cleanup of documents selected by age alone: whoever runs it removes the same documents"}
		}
		if ok && docClaim(f, store.ArgAt(c.Args, e.Arg+1)) {
			if c.Method == "FindOneAndUpdate" {
				// Returns the claimed document, or ErrNoDocuments from its
				// Decode or Err when none was free: a claim whose failure
				// edge is that error.
				return &store.Acquire{}
			}
			return &store.NotWrite{Reason: "it takes a lease of its own, not a write under this one"}
		}
	}
	if !ok {
		return &store.Unknown{Reason: "the filter document is built elsewhere (or uses $or, $expr), so its guard cannot be read"}
	}
	w := &store.Write{Verb: e.Verb, Guard: g.guard, GuardField: g.field, TokenArg: g.tokenArg, WrongWay: g.wrongWay}
	w.Target = collectionName(c.Handle)
	if w.Target == "" {
		w.Verb = strings.TrimSuffix(w.Verb, " a document in")
	}
	return w
}
