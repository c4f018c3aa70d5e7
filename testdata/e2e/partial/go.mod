module example.com/partial

go 1.26.0

require example.invalid/private v1.4.2
