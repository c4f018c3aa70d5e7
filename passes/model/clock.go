package model

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// Clock comparisons by structure. A probe of a lease's expiry compares the
// time read from a clock with a deadline: time.Now().Before(until), an
// injected clock's c.Now().After(lease.Expires), time.Now().UnixNano() >
// deadline, until.Sub(clk.Now()) > 0. The clock is recognised by shape, not
// by the name of the field that holds it: time.Now, any function or method
// named Now that returns a time.Time and takes nothing, and any function
// value of type func() time.Time (s.now()). A comparison of two clock
// readings measures elapsed time, not a deadline: it is not a probe.
//
// A bool built from such comparisons with ||, && and ! is one too
// (findInCond follows the phis of short-circuit evaluation), so the
// inclusive forms until.After(now) || until.Equal(now) and
// now.Before(until) || now.Equal(until) probe through their ordering
// half. Equal of a reading with a deadline belongs to the same family, as
// the boundary of such an inclusive comparison, but alone it is not a
// probe: it holds at one instant of a clock that counts nanoseconds, so a
// branch on it decides nothing about whether the lease still runs (a
// write under `if !until.Equal(now)` runs all but always, and is judged
// as if no check were made).

// maxClockDepth bounds how far a value is followed back to a clock.
const maxClockDepth = 6

// namedType returns the package path and name of a named type
// ("time.Time"), or "".
func namedType(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// isClockSignature reports whether sig is func() time.Time.
func isClockSignature(sig *types.Signature) bool {
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && namedType(sig.Results().At(0).Type()) == "time.Time"
}

// timeMethod returns the name of the time.Time method call invokes, or "".
func timeMethod(call *ssa.CallCommon) string {
	fn := call.StaticCallee()
	if fn == nil || call.IsInvoke() {
		return ""
	}
	obj := store.FuncObject(fn)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "time" {
		return ""
	}
	sig, _ := obj.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !store.IsTimeType(sig.Recv().Type()) {
		return ""
	}
	return obj.Name()
}

// clockRead returns the name of the clock v reads ("time.Now", "c.Now"),
// or "" when v is not a clock reading: a call of a clock, or a time or
// count computed from one (Add, UTC, Truncate, Unix, UnixNano, …).
func clockRead(v ssa.Value, depth int) string {
	if v == nil || depth > maxClockDepth {
		return ""
	}
	switch x := v.(type) {
	case *ssa.ChangeType:
		return clockRead(x.X, depth+1)
	case *ssa.Convert:
		return clockRead(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				// A time stored in a local variable whose address was taken.
				return storedClockRead(a, depth)
			}
		}
	case *ssa.Call:
		c := x.Common()
		switch timeMethod(c) {
		case "Add", "AddDate", "UTC", "Local", "In", "Truncate", "Round", "Unix", "UnixNano", "UnixMilli", "UnixMicro":
			if len(c.Args) > 0 {
				return clockRead(c.Args[0], depth+1)
			}
			return ""
		case "":
		default:
			return ""
		}
		if !isClockSignature(c.Signature()) {
			return ""
		}
		switch {
		case c.IsInvoke():
			if c.Method.Name() == "Now" {
				return displayName(c.Method, nil)
			}
		case c.StaticCallee() != nil:
			if obj := store.FuncObject(c.StaticCallee()); obj != nil && obj.Name() == "Now" {
				if obj.Pkg() != nil && obj.Pkg().Path() == "time" {
					return "time.Now"
				}
				return displayName(obj, nil)
			}
		default:
			return "an injected clock" // a func() time.Time value
		}
	}
	return ""
}

// storedClockRead returns the clock whose reading is the only value stored
// in the local variable a, or "".
func storedClockRead(a *ssa.Alloc, depth int) string {
	found := ""
	for _, v := range store.StoredValues(a) {
		c := clockRead(v, depth+1)
		if c == "" {
			return ""
		}
		found = c
	}
	return found
}

// clockProbe reports whether v compares a clock reading with a value that
// is not one: a deadline check.
func clockProbe(v ssa.Value) (check, bool) {
	switch x := v.(type) {
	case *ssa.Call:
		c := x.Common()
		switch timeMethod(c) {
		case "Before", "After", "Compare", "Sub":
			if len(c.Args) == 2 {
				return oneSideClock(x.Pos(), c.Args[0], c.Args[1])
			}
			return check{}, false
		}
		// An injected clock's Until(t) or Since(t).
		sig := c.Signature()
		name := ""
		if c.IsInvoke() {
			name = c.Method.Name()
		} else if obj := store.FuncObject(c.StaticCallee()); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() != "time" && sig.Recv() != nil {
			name = obj.Name()
		}
		if (name == "Until" || name == "Since") && sig.Params().Len() == 1 && namedType(sig.Params().At(0).Type()) == "time.Time" &&
			sig.Results().Len() == 1 && namedType(sig.Results().At(0).Type()) == "time.Duration" {
			return check{x.Pos(), "lease expiry checked here by a clock's " + name}, true
		}
	case *ssa.BinOp:
		switch x.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			return oneSideClock(x.Pos(), x.X, x.Y)
		}
	}
	return check{}, false
}

// oneSideClock reports a probe when exactly one of a and b reads a clock.
func oneSideClock(pos token.Pos, a, b ssa.Value) (check, bool) {
	ca, cb := clockRead(a, 0), clockRead(b, 0)
	switch {
	case ca != "" && cb == "":
		return check{pos, "lease expiry checked here against " + ca}, true
	case cb != "" && ca == "":
		return check{pos, "lease expiry checked here against " + cb}, true
	}
	return check{}, false
}
