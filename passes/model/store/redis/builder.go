package redis

import (
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// maxChain bounds the walk back along a builder chain.
const maxChain = 64

// built is a command a builder chain builds: rueidis's
// client.B().Set().Key(k).Value(v).Nx().Px(ttl).Build().
//
// The chain starts at a method of the library's Builder type, which names
// the command (Set: "SET"), and ends at Build. Each method between them
// adds a word: an option named by the method (Nx: "NX", Px: "PX",
// ExSeconds: "EX"; the first word of the method's name), and the values
// it is passed (Key, Value, FieldValue, Milliseconds), in order. The
// values are the command's arguments as a command run by name passes
// them; the options are read as a command run by name reads its option
// words.
type built struct {
	// name is the command's name, upper-cased.
	name string
	// values are the values the chain's methods are passed, in order;
	// a variadic argument counts as its elements.
	values []ssa.Value
	// opts are the options the chain's methods name, upper-cased.
	opts []string
}

// builderType and buildMethod are the type whose methods start a chain
// and the method that ends it.
const (
	builderType = "Builder"
	buildMethod = "Build"
)

// builtCommand reads the builder chain v is built by; false when v is not
// the result of an unbroken chain (a command built in another function,
// or through a variable set on several paths), or a variadic argument of
// the chain is not a list of values written out.
func builtCommand(v ssa.Value) (built, bool) {
	done := v.Type()
	var chain []*ssa.Call // from Build back to the command's method
	var pkg *types.Package
	for i := 0; i < maxChain; i++ {
		call, ok := v.(*ssa.Call)
		if !ok {
			break
		}
		fn := store.CalledFunc(call)
		if call.Common().IsInvoke() || fn == nil || fn.Signature().Recv() == nil || len(call.Common().Args) == 0 {
			break
		}
		if pkg == nil {
			pkg = fn.Pkg()
		} else if fn.Pkg() != pkg {
			break
		}
		recv := call.Common().Args[0]
		if len(chain) == 0 && fn.Name() != buildMethod && types.Identical(recv.Type(), done) {
			v = recv // a method of the built command (Pin, ToRetryable): not a word
			continue
		}
		chain = append(chain, call)
		if n := namedOf(recv.Type()); n != nil && n.Name() == builderType {
			return readChain(chain)
		}
		v = recv
	}
	return built{}, false
}

// readChain reads a chain of calls, from Build back to the command's
// method.
func readChain(chain []*ssa.Call) (built, bool) {
	if len(chain) < 2 || store.CalledName(chain[0]) != buildMethod {
		return built{}, false
	}
	b := built{name: strings.ToUpper(store.CalledName(chain[len(chain)-1]))}
	for i := len(chain) - 1; i >= 0; i-- {
		call := chain[i]
		fn := store.CalledFunc(call)
		if i < len(chain)-1 && i > 0 {
			b.opts = append(b.opts, strings.ToUpper(firstWord(fn.Name())))
		}
		args := call.Common().Args[1:]
		for j, a := range args {
			if j == len(args)-1 && fn.Signature().Variadic() {
				elems := store.Varargs(a)
				if elems == nil && !isNilConst(a) {
					return built{}, false // a slice built elsewhere: its values are not known
				}
				b.values = append(b.values, elems...)
				continue
			}
			b.values = append(b.values, a)
		}
	}
	return b, true
}

// firstWord returns the first word of a mixed-caps name: "Px" of
// "PxMilliseconds", "Nx" of "Nx".
func firstWord(name string) string {
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			return name[:i]
		}
	}
	return name
}

// isNilConst reports whether v is the nil slice a variadic call passes
// when it is given no values.
func isNilConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}
