// docs/examples/tool-search.example.ts is a user's spec file: importing it registers its tests here.
import '../../docs/examples/tool-search.example';
