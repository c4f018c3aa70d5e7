package redis

import (
	"go/types"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// maxCheckDepth bounds the walk from a command's result to the branch
// that tests it.
const maxCheckDepth = 8

// outcomeChecked reports whether the outcome of a create-only command
// decides what the code does next: it reaches a branch condition, or is
// returned for the caller to test. A go-redis or rueidiscompat *BoolCmd
// (SetNX) tells its outcome only by its value (Val, Result's first
// result), not by Err; a *StatusCmd (SET … NX), a redigo reply and a
// rueidis RedisResult (whose Error is a nil reply's when the key was
// there) tell it by either; an *IntCmd (LREM) tells its count only by its
// value too.
//
// A call of a client wrapper read as its command (a function of the
// package, not in the catalogue, that returns the command's value and its
// error) tells the outcome by the value alone, as the command does.
func outcomeChecked(call ssa.CallInstruction) bool {
	v := call.Value()
	if v == nil {
		return false
	}
	if t, ok := v.Type().(*types.Tuple); ok && catalogue.Lookup(store.CalledFunc(call)) == nil {
		for _, r := range *v.Referrers() {
			if x, ok := r.(*ssa.Extract); ok && !store.IsError(t.At(x.Index).Type()) &&
				reachesTest(x, false, 1, make(map[ssa.Value]bool)) {
				return true
			}
		}
		return false
	}
	return reachesTest(v, isValueCmd(v.Type()), 0, make(map[ssa.Value]bool))
}

// reachesTest reports whether v reaches a branch or a return. valueOnly
// restricts a command object's accessors to those of its value.
func reachesTest(v ssa.Value, valueOnly bool, depth int, seen map[ssa.Value]bool) bool {
	if depth > maxCheckDepth || seen[v] {
		return false
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.If, *ssa.Return:
			return true
		case *ssa.Call:
			if store.IsMethodCallOn(r, v) {
				if name := store.CalledName(r); valueOnly && name != "Val" && name != "Result" {
					continue
				}
				if reachesTestResult(r, valueOnly, depth, seen) {
					return true
				}
				continue
			}
			// A conversion helper (redigo's String(reply, err)) passes the
			// outcome on in its results.
			if reachesTestResult(r, false, depth, seen) {
				return true
			}
		case *ssa.FieldAddr, *ssa.Field:
			// An embedded part: go-redis commands take Err from baseCmd,
			// rueidiscompat's take Val, Err and Result from baseCmd[T]; a
			// value-only command still tells its outcome only by Val and
			// Result there.
			if reachesTest(r.(ssa.Value), valueOnly, depth+1, seen) {
				return true
			}
		case *ssa.Extract:
			if valueOnly && r.Index != 0 {
				continue
			}
			if reachesTest(r, false, depth+1, seen) {
				return true
			}
		case *ssa.UnOp, *ssa.BinOp, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Phi, *ssa.TypeAssert:
			if reachesTest(r.(ssa.Value), false, depth+1, seen) {
				return true
			}
		}
	}
	return false
}

// reachesTestResult walks on from the results of call r.
func reachesTestResult(r *ssa.Call, valueOnly bool, depth int, seen map[ssa.Value]bool) bool {
	if _, isTuple := r.Type().(*types.Tuple); isTuple {
		return reachesTest(r, valueOnly, depth+1, seen)
	}
	return reachesTest(r, false, depth+1, seen)
}

// isValueCmd reports whether t is go-redis's *BoolCmd or *IntCmd, whose
// outcome (set or not, how many removed) is their value, not their error.
func isValueCmd(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && (n.Obj().Name() == "BoolCmd" || n.Obj().Name() == "IntCmd")
}
