module example.com/runtimeuse

go 1.26.0

require github.com/fencecheck/fencecheck/runtime v0.0.0

replace github.com/fencecheck/fencecheck/runtime => ../../../runtime
