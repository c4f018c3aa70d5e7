package model

import (
	"fmt"
	"go/constant"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
)

// A MongoDB write (UpdateOne, DeleteOne, FindOneAndUpdate, BulkWrite) is
// guarded by its filter document, read here when the code builds it as a
// composite literal (bson.M, bson.D of bson.E, primitive.M and .D,
// map[string]any), directly or through a local variable, with $and
// nested. A token field compared with $lt or $lte against an incoming
// value fences (the token's origin is judged like a SQL parameter's);
// $gt or $gte accepts older tokens; equality with a value the claim issued
// on a field that is not an identifier (or a holder field with a value)
// is an owner check; a state or expiry
// field alone is a state guard; a filter by key alone leaves the write
// unguarded. A cleanup by age and a claim of the document's own lease are
// not writes, as in SQL. A filter fencecheck cannot read (built elsewhere, $or, $expr)
// makes it silent unless a token guard is read in the rest, as SQL text
// it cannot resolve does.

// maxDocDepth bounds the nesting of filter documents read.
const maxDocDepth = 4

// docEntry is one key of a document literal and the value stored under
// it; key is "" when the key is not a constant.
type docEntry struct {
	key   string
	value ssa.Value
}

// docCond is one condition of a filter: a field, its query operator ("$eq"
// for a plain value) and the value it is compared with.
type docCond struct {
	field, op string
	value     ssa.Value
}

// docFilter is what was read of a filter document.
type docFilter struct {
	conds []docCond
	// opaque reports a part that could not be read: an operator such as
	// $or or $expr, a key or a nested document built elsewhere.
	opaque bool
}

// filterGuard is the protection a filter document gives a write.
type filterGuard struct {
	guard    Guard
	field    string
	tokenArg ssa.Value
	wrongWay string
}

// classifyFilterWrite fills o for a write guarded by its filter document,
// argument e.Arg (for a bulk write, the filters of its write models). It
// returns nil when the filter cannot be read, or a bulk write holds only
// inserts.
func (m *model) classifyFilterWrite(o *op, e *catalogue.Entry, args []ssa.Value) *op {
	var g filterGuard
	var ok bool
	if len(e.Fields) > 0 {
		g, ok = m.bulkGuard(argAt(args, e.Arg), e.Fields)
	} else {
		var f *docFilter
		g, f, ok = m.docGuard(argAt(args, e.Arg))
		if ok && retention(o.callee.Name(), f, argAt(args, e.Arg+1)) {
			m.noteSilent(o.instr, JudgedCleanup, "a cleanup of documents selected by age alone: whoever runs it removes the same documents")
			return nil // a cleanup by age: the same documents whoever runs it
		}
		if ok && docClaim(f, argAt(args, e.Arg+1)) {
			if o.callee.Name() == "FindOneAndUpdate" {
				// Returns the claimed document, or ErrNoDocuments from its
				// Decode or Err when none was free: a claim whose failure
				// edge is that error (failureValues).
				o.acquire = true
				return o
			}
			return nil // takes a lease of its own: not a write under this one
		}
	}
	if !ok {
		m.noteSilent(o.instr, NotJudged, "the filter document is built elsewhere (or uses $or, $expr), so its guard cannot be read")
		return nil // a filter built elsewhere: cannot tell
	}
	o.write, o.guard, o.verb = true, g.guard, e.Verb
	o.guardColumn, o.tokenArg, o.wrongWay = g.field, g.tokenArg, g.wrongWay
	o.target = collectionName(o.handle)
	if o.target == "" {
		o.verb = strings.TrimSuffix(o.verb, " a document in")
	}
	return o
}

// docGuard reads the filter document v and decides its guard; ok is false
// when the guard cannot be told.
func (m *model) docGuard(v ssa.Value) (filterGuard, *docFilter, bool) {
	f := new(docFilter)
	if !readFilter(v, 0, f) {
		return filterGuard{}, nil, false
	}
	g := m.judgeFilter(f)
	if g.guard != TokenGuard && f.opaque {
		return filterGuard{}, nil, false
	}
	return g, f, true
}

// retention reports whether a delete, or an update that only marks
// documents (its update document, update, sets constants or times),
// selects its documents by age alone, as a SQL cleanup does: a time
// comparison keeps documents older than a point in time, every time
// comparison points that way, and every other condition compares with a
// constant.
func retention(method string, f *docFilter, update ssa.Value) bool {
	switch {
	case strings.Contains(method, "Delete"):
	case strings.Contains(method, "Update"):
		if !marksOnly(update) {
			return false
		}
	default:
		return false
	}
	aged := false
	for _, c := range f.conds {
		switch {
		case c.value != nil && timeDerived(c.value, 0):
			if c.op != "$lt" && c.op != "$lte" {
				return false
			}
			aged = true
		case !isConstValue(c.value):
			return false
		}
	}
	return aged
}

// docClaim reports whether an update takes a lease kept in the document,
// as a SQL claim does: its filter finds the lease free or expired (a lease
// field equal to nil, not existing, or older than a time) and its update
// sets a lease field. A FindOneAndUpdate that does so is an acquisition:
// what follows its successful Decode runs under the document's lease. An
// UpdateOne or UpdateMany that does so tells success only by a count, which
// the lease dataflow does not follow: it is neither a write nor a claim.
func docClaim(f *docFilter, update ssa.Value) bool {
	free := false
	for _, c := range f.conds {
		if !isLeaseColumn(fieldColumn(c.field)) {
			continue
		}
		cv, _ := unwrapInterface(c.value).(*ssa.Const)
		switch {
		case (c.op == "$lt" || c.op == "$lte") && c.value != nil && timeDerived(c.value, 0):
			free = true
		case c.op == "$eq" && cv != nil && cv.IsNil():
			free = true
		case c.op == "$exists" && cv != nil && cv.Value != nil && cv.Value.Kind() == constant.Bool && !constant.BoolVal(cv.Value):
			free = true
		}
	}
	if !free {
		return false
	}
	ops, ok := docEntries(update)
	if !ok {
		return false
	}
	for _, op := range ops {
		if op.key != "$set" {
			continue
		}
		fields, ok := docEntries(op.value)
		if !ok {
			return false
		}
		for _, fe := range fields {
			if isLeaseColumn(fieldColumn(fe.key)) {
				return true
			}
		}
	}
	return false
}

// marksOnly reports whether an update document only sets constants or
// times ({"$set": {"state": "expired", "expiredAt": now}}).
func marksOnly(update ssa.Value) bool {
	ops, ok := docEntries(update)
	if !ok || len(ops) == 0 {
		return false
	}
	for _, op := range ops {
		if op.key != "$set" && op.key != "$unset" && op.key != "$currentDate" {
			return false
		}
		fields, ok := docEntries(op.value)
		if !ok {
			return false
		}
		for _, f := range fields {
			if !isConstValue(f.value) && !timeDerived(stripConv(f.value), 0) {
				return false
			}
		}
	}
	return true
}

// bulkGuard decides the guard of a bulk write from the filters of its
// write models, the slice v: the weakest of them. Models without a filter
// insert. ok is false when a model or filter cannot be read, or no model
// has a filter.
func (m *model) bulkGuard(v ssa.Value, fields []string) (filterGuard, bool) {
	models, ok := arrayValues(v)
	if !ok {
		return filterGuard{}, false
	}
	var weakest filterGuard
	found := false
	for _, mv := range models {
		filter, has, ok := modelFilter(mv, fields)
		if !ok {
			return filterGuard{}, false
		}
		if !has {
			continue
		}
		g, _, ok := m.docGuard(filter)
		if !ok {
			return filterGuard{}, false
		}
		if !found || g.guard < weakest.guard {
			weakest = g
		}
		found = true
	}
	return weakest, found
}

// modelFilter returns the filter of one bulk write model: the field named
// fields[0] of a struct literal, or the argument of the setter named
// fields[1] in its builder chain. has is false for a model without a
// filter; ok is false when the model cannot be read.
func modelFilter(v ssa.Value, fields []string) (filter ssa.Value, has, ok bool) {
	v = stripConv(v)
	if _, isAlloc := v.(*ssa.Alloc); isAlloc {
		values, ok := fieldValues(v)
		if !ok {
			return nil, false, false
		}
		if !hasField(v.Type(), fields[0]) {
			return nil, false, true
		}
		return values[fields[0]], values[fields[0]] != nil, true
	}
	chain := receiverCalls(v)
	if len(chain) == 0 {
		return nil, false, false
	}
	for _, c := range chain {
		if len(fields) > 1 && calledName(c) == fields[1] {
			if a := callArgs(c); len(a) > 1 {
				return a[1], true, true
			}
		}
	}
	// A chain that never sets a filter: an insert model, or a model whose
	// filter is set elsewhere.
	last := chain[len(chain)-1]
	if !hasField(last.Type(), fields[0]) {
		return nil, false, true
	}
	return nil, false, false
}

// judgeFilter decides the guard of a filter from its conditions: a token
// comparison first (one the right way round against a value that is not
// a constant, when there is one), then a state or expiry check.
func (m *model) judgeFilter(f *docFilter) filterGuard {
	var token, state filterGuard
	for _, c := range f.conds {
		col := fieldColumn(c.field)
		switch c.op {
		case "$lt", "$lte", "$gt", "$gte", "$eq":
			constVal := isConstValue(c.value)
			claim := !constVal && c.value != nil && !isIdentifierColumn(col) && m.tokenOrigin(c.value).origin == ClaimOrigin
			owner := c.op == "$eq" && !constVal && isHolderColumn(col)
			if c.value != nil && (isTokenColumn(col) || claim || owner) {
				g := filterGuard{guard: TokenGuard, field: c.field, tokenArg: c.value}
				if c.op == "$gt" || c.op == "$gte" {
					g.wrongWay = fmt.Sprintf("{%s: {%s: …}}", c.field, c.op)
				}
				if g.wrongWay == "" && !constVal {
					return g
				}
				if token.guard == NoGuard {
					token = g
				}
				continue
			}
		}
		if state.guard == NoGuard && (isLeaseColumn(col) || isStateColumn(col)) {
			state = filterGuard{guard: StateGuard, field: c.field}
		}
	}
	if token.guard == TokenGuard {
		return token
	}
	return state
}

// isConstValue reports whether v is a constant (possibly boxed).
func isConstValue(v ssa.Value) bool {
	_, ok := unwrapInterface(v).(*ssa.Const)
	return ok
}

// fieldColumn turns a document field path into the column-style name the
// vocabularies match: its last component, camel case split with '_' and
// lower-cased ("lease.fenceToken" gives "fence_token").
func fieldColumn(field string) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	var b strings.Builder
	rs := []rune(field)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) && rs[i-1] != '_' {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// readFilter adds the conditions of the filter document v to f. It reports
// false when v is not a document literal fencecheck can read.
func readFilter(v ssa.Value, depth int, f *docFilter) bool {
	if depth > maxDocDepth {
		return false
	}
	entries, ok := docEntries(v)
	if !ok {
		return false
	}
	for _, e := range entries {
		switch {
		case e.key == "":
			f.opaque = true
		case e.key == "$and":
			elems, ok := arrayValues(e.value)
			if !ok {
				f.opaque = true
				continue
			}
			for _, el := range elems {
				if !readFilter(el, depth+1, f) {
					f.opaque = true
				}
			}
		case strings.HasPrefix(e.key, "$"):
			f.opaque = true // $or, $nor, $expr, $where: not read
		default:
			readFieldCond(e.key, e.value, depth, f)
		}
	}
	return true
}

// readFieldCond adds the conditions on one field: its operators when its
// value is an operator document, else an equality with the value.
func readFieldCond(field string, v ssa.Value, depth int, f *docFilter) {
	inner := stripConv(v)
	if _, isConst := inner.(*ssa.Const); !isConst && types.IsInterface(inner.Type()) {
		f.opaque = true // a value built elsewhere, perhaps an operator document
		return
	}
	if !isDocType(inner.Type()) {
		f.conds = append(f.conds, docCond{field, "$eq", inner})
		return
	}
	entries, ok := docEntries(inner)
	if !ok || depth >= maxDocDepth {
		f.opaque = true
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.key, "$") {
			f.opaque = true // an embedded document matched whole
			return
		}
	}
	for _, e := range entries {
		f.conds = append(f.conds, docCond{field, e.key, stripConv(e.value)})
	}
}

// isDocType reports whether t is a document type: a map with string keys
// or a slice of key/value elements (bson.D).
func isDocType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Map:
		b, ok := u.Key().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String
	case *types.Slice:
		return isElemType(u.Elem())
	}
	return false
}

// isElemType reports whether t is a document element: a struct with Key
// and Value fields (bson.E).
func isElemType(t types.Type) bool {
	return hasField(t, "Key") && hasField(t, "Value") && !isPointer(t)
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// docEntries returns the keys and values of a document literal: a map
// literal with its updates (bson.M, map[string]any) or a slice literal of
// elements (bson.D). ok is false for anything else, and for a map that
// escapes where it could be changed (passed to a function, stored).
func docEntries(v ssa.Value) ([]docEntry, bool) {
	v = stripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		return nil, x.IsNil()
	case *ssa.MakeMap:
		return mapEntries(x)
	case *ssa.Slice:
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || !isElemType(elemOf(alloc)) {
			return nil, false
		}
		return elementEntries(alloc)
	}
	return nil, false
}

// mapEntries returns the updates of a map literal.
func mapEntries(mm *ssa.MakeMap) ([]docEntry, bool) {
	refs := mm.Referrers()
	if refs == nil {
		return nil, true
	}
	var out []docEntry
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.MapUpdate:
			out = append(out, docEntry{constString(x.Key), x.Value})
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Lookup, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// elemOf returns the element type of the array an Alloc allocates.
func elemOf(alloc *ssa.Alloc) types.Type {
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	arr, ok := ptr.Elem().Underlying().(*types.Array)
	if !ok {
		return types.Typ[types.Invalid]
	}
	return arr.Elem()
}

// elementEntries returns the Key and Value stored in each element of the
// array behind a bson.D literal.
func elementEntries(alloc *ssa.Alloc) ([]docEntry, bool) {
	values, ok := arrayElements(alloc)
	if !ok {
		return nil, false
	}
	out := make([]docEntry, 0, len(values))
	for _, addr := range values {
		key, val := elementFields(addr)
		out = append(out, docEntry{constString(key), val})
	}
	return out, true
}

// arrayElements returns the element addresses of an array literal, in
// order; ok is false when the array is used otherwise than by indexing
// and slicing.
func arrayElements(alloc *ssa.Alloc) ([]*ssa.IndexAddr, bool) {
	refs := alloc.Referrers()
	if refs == nil {
		return nil, true
	}
	var out []*ssa.IndexAddr
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.IndexAddr:
			out = append(out, x)
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// elementFields returns the values stored into the Key and Value of one
// document element, field by field or as a whole struct.
func elementFields(addr *ssa.IndexAddr) (key, val ssa.Value) {
	refs := addr.Referrers()
	if refs == nil {
		return nil, nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			v := storedAt(x)
			switch fieldName(x) {
			case "Key":
				key = v
			case "Value":
				val = v
			}
		case *ssa.Store:
			if x.Addr == addr {
				if values, ok := fieldValues(x.Val); ok {
					key, val = values["Key"], values["Value"]
				}
			}
		}
	}
	return key, val
}

// storedAt returns the value stored at addr, or nil.
func storedAt(addr ssa.Value) ssa.Value {
	if vs := storedValues(addr); len(vs) > 0 {
		return vs[0]
	}
	return nil
}

// arrayValues returns the values of a slice literal (bson.A, []bson.M,
// []mongo.WriteModel), in order; ok is false for anything else.
func arrayValues(v ssa.Value) ([]ssa.Value, bool) {
	s, ok := stripConv(v).(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	elems, ok := arrayElements(alloc)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, 0, len(elems))
	for _, e := range elems {
		val := storedAt(e)
		if val == nil {
			return nil, false
		}
		out = append(out, val)
	}
	return out, true
}

// constString returns the string constant v holds, or "".
func constString(v ssa.Value) string {
	c, ok := unwrapInterface(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(c.Value)
}

// collectionName returns the name of the collection a handle was made
// for (db.Collection("jobs")), or "".
func collectionName(handle ssa.Value) string {
	call, ok := stripConv(handle).(*ssa.Call)
	if !ok || calledName(call) != "Collection" {
		return ""
	}
	if args := callArgs(call); len(args) > 1 {
		return constString(args[1])
	}
	return ""
}

// mongoPackages are the MongoDB driver packages whose results
// docOutcomeSeen reads.
var mongoPackages = map[string]bool{"go.mongodb.org/mongo-driver/mongo": true, "go.mongodb.org/mongo-driver/v2/mongo": true}

// docOutcomeSeen reports, for a MongoDB write, whether the outcome that
// tells its filter matched nothing is looked at: MatchedCount or
// ModifiedCount of an UpdateResult, DeletedCount of a DeleteResult, a
// count of a BulkWriteResult, the error of Err or Decode on a
// SingleResult (ErrNoDocuments). ok is false for other calls.
func docOutcomeSeen(call *ssa.Call, results *types.Tuple) (seen bool, what string, ok bool) {
	n := results.Len()
	if n == 0 {
		return false, "", false
	}
	name := namedPointee(results.At(0).Type())
	i := strings.LastIndexByte(name, '.')
	if i < 0 || !mongoPackages[name[:i]] {
		return false, "", false
	}
	typ := name[i+1:]
	v := resultValue(call, 0, n)
	anyField := func(fields ...string) bool {
		for _, f := range fields {
			if v != nil && fieldUsed(v, f) {
				return true
			}
		}
		return false
	}
	switch typ {
	case "UpdateResult":
		return anyField("MatchedCount", "ModifiedCount"), "MatchedCount is never compared", true
	case "DeleteResult":
		return anyField("DeletedCount"), "DeletedCount is never compared", true
	case "BulkWriteResult":
		return anyField("MatchedCount", "ModifiedCount", "DeletedCount", "UpsertedCount"), "its MatchedCount and DeletedCount are never compared", true
	case "SingleResult":
		return v != nil && singleResultChecked(v), "its error (ErrNoDocuments when the filter matched nothing) is never checked", true
	}
	return false, "", false
}

// singleResultChecked reports whether the error of Err or Decode on a
// SingleResult is used, or the result escapes.
func singleResultChecked(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			args := x.Common().Args
			if len(args) > 0 && args[0] == v && !x.Common().IsInvoke() {
				switch calledName(x) {
				case "Err", "Decode", "Raw":
					n := x.Common().Signature().Results().Len()
					if resultUsed(x, n-1, n) {
						return true
					}
					continue
				}
			}
			return true // passed on
		case *ssa.DebugRef:
		default:
			return true // returned, stored, compared
		}
	}
	return false
}

// decodedOrigin returns the origin of a value loaded from addr (a
// variable or a field of one) that a document read by a catalogue Read
// (FindOne) was decoded into: a token read separately, not issued with
// the claim.
func (m *model) decodedOrigin(addr ssa.Value) provenance {
	for i := 0; i < maxChain; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			break
		}
		addr = fa.X
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return provenance{}
	}
	for _, r := range *alloc.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok || mi.Referrers() == nil {
			continue
		}
		for _, rr := range *mi.Referrers() {
			call, ok := rr.(*ssa.Call)
			if !ok || calledName(call) != "Decode" {
				continue
			}
			args := callArgs(call)
			if len(args) == 0 {
				continue
			}
			read, ok := stripConv(args[0]).(*ssa.Call)
			if !ok {
				continue
			}
			if e := catalogue.Lookup(funcObject(read.Common().StaticCallee())); e != nil && e.Class == catalogue.Read {
				return provenance{origin: SeparateOrigin, pos: read.Pos()}
			}
		}
	}
	return provenance{}
}
