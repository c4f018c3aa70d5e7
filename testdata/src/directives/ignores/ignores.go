// Package ignores has ignore directives. The test analyzer reports a call
// to write as an unfenced finding and a call to check as a preflight one.
package ignores

func write(...any) int { return 0 }
func check() bool      { return true }
func use(...any)       {}
func sameLine8()       { write() } //fencecheck:ignore unfenced line 8 of this file only

func f() {
	write() // want `^unfenced: write$`

	write() //fencecheck:ignore unfenced the row is keyed by job id

	//fencecheck:ignore unfenced appends only
	write()

	//fencecheck:ignore unfenced  both calls on the next line
	use(write(), write())

	write() /* a block comment */ //fencecheck:ignore unfenced after a block comment

	/* block */ //fencecheck:ignore unfenced only a block comment precedes it
	write()

	// want +1 `^preflight: check$` `^unused ignore of unfenced: wrong rule$`
	check() //fencecheck:ignore unfenced wrong rule

	check() //fencecheck:ignore preflight the right rule

	// want +1 `^unused ignore of unfenced: too far$`
	//fencecheck:ignore unfenced too far

	write() // want `^unfenced: write$`

	// want +1 `^unused ignore of unfenced: the next line is prose$`
	//fencecheck:ignore unfenced the next line is prose
	// prose
	write() // want `^unfenced: write$`

	// want +3 `^unused ignore of unfenced: covers the closing line only$`
	write( // want `^unfenced: write$`
		1,
	) //fencecheck:ignore unfenced covers the closing line only

	if write() > 0 { //fencecheck:ignore unfenced trailing an opening brace
	}

	// Ignores of both rules on one line.
	// want +1 `^unused ignore of preflight: nothing to suppress$`
	//fencecheck:ignore preflight nothing to suppress
	write() //fencecheck:ignore unfenced this one is used
}

//fencecheck:ignore preflight on the signature line
func g() bool { return check() }
