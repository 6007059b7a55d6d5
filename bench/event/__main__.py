from bench.event.benchmark import main

main()
