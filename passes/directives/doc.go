// Package directives defines an Analyzer that collects the fencecheck
// directives of a package for the suite's other analyzers.
//
// # Analyzer fencecheck_directives
//
// fencecheck_directives: collect //fencecheck: directives
//
// Directives are line comments with no space after the slashes, like //go:
// directives. Function directives are written on the doc comment of a
// function, a method or an interface method; any line of the doc comment
// group counts:
//
//	//fencecheck:acquire              calling the function takes a lease; its
//	                                  fence.Token (or first integer) result is the token
//	//fencecheck:handler              the function's body runs under a lease
//	//fencecheck:sink                 calling the function is a sink write
//	//fencecheck:guarded token=NAME   the function performs a token-conditional
//	                                  write; parameter NAME is the token
//	//fencecheck:probe                the function is an ownership check (a preflight)
//	//fencecheck:release              calling the function releases the lease it is
//	                                  called on
//	//fencecheck:idempotent REASON    writes under the function cannot corrupt state
//
// release is an extension to the design's directive table: it ends the
// lease scope that an acquire started, for lock APIs the catalogue does not
// know.
//
// For example:
//
//	// Save stores the job's result.
//	//
//	//fencecheck:guarded token=fence
//	func (s *Store) Save(ctx context.Context, id string, fence int64) error
//
//	type Queue interface {
//		//fencecheck:sink
//		Publish(msg []byte) error
//	}
//
// The suppression directive may be written anywhere:
//
//	//fencecheck:ignore RULE REASON
//
// It suppresses the findings of RULE (one of [Rules]) on one line: its own
// line when it trails code, otherwise the line after it. The reason is
// mandatory. An ignore that suppresses nothing is itself reported by the
// suite (see [Suppressor.Unused]).
//
// The analyzer reports nothing. Its [Result] holds the directives and the
// malformed ones ([Result.Errors]): an unknown verb, a missing reason or
// token=, an unknown rule, a guarded token= naming no parameter, a function
// directive that is not on a function's doc comment, a duplicate
// directive, and conflicting directives on one function (sink with
// guarded, acquire with release). The suite's root analyzer reports them.
//
// The analyzer reads only the syntax trees of the package and the objects
// the type checker defined for its functions; it exports no facts, so
// [Result.Func] knows only the functions declared in the package being
// analyzed.
package directives
