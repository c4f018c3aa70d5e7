package docstore

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// mongoPackages are the MongoDB driver packages whose results
// docOutcomeSeen reads.
var mongoPackages = map[string]bool{"go.mongodb.org/mongo-driver/mongo": true, "go.mongodb.org/mongo-driver/v2/mongo": true}

// OutcomeSeen reports, for a MongoDB write, whether the outcome that
// tells its filter matched nothing is looked at: MatchedCount or
// ModifiedCount of an UpdateResult, DeletedCount of a DeleteResult, a
// count of a BulkWriteResult, the error of Err or Decode on a
// SingleResult (ErrNoDocuments). ok is false for other calls.
func OutcomeSeen(call *ssa.Call, results *types.Tuple) (seen bool, what string, ok bool) {
	n := results.Len()
	if n == 0 {
		return false, "", false
	}
	name := store.NamedPointee(results.At(0).Type())
	i := strings.LastIndexByte(name, '.')
	if i < 0 || !mongoPackages[name[:i]] {
		return false, "", false
	}
	typ := name[i+1:]
	v := store.ResultValue(call, 0, n)
	anyField := func(fields ...string) bool {
		for _, f := range fields {
			if v != nil && store.FieldUsed(v, f) {
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
				switch store.CalledName(x) {
				case "Err", "Decode", "Raw":
					n := x.Common().Signature().Results().Len()
					if store.ResultUsed(x, n-1, n) {
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
