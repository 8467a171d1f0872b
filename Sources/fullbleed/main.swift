import FullBleedPipeline

print("fullbleed")
