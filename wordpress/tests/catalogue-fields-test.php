<?php
/**
 * fc-catalogue's field registry and what it stores: every field described once, with a label in
 * the plugin's text domain, relations pointing at FC's types, the language-neutral fields Polylang
 * copies, and the sanitizing of each kind.
 *
 * @package FC_Catalogue
 */

FC_Test::test(
	'every field has a kind, a label in the fc-catalogue text domain, and relations point at FC types',
	static function () {
		FC_Stub::reset();
		$kinds  = array( 'text', 'year', 'relation', 'relations', 'image', 'gallery', 'hotspots', 'company', 'hex' );
		$fields = FC_Catalogue_Fields::post_fields() + FC_Catalogue_Fields::term_fields();
		FC_Test::same( array( 'products', 'collections', 'exclusives', 'designers', 'projects', 'imagemap_products', 'page', 'product_categories', 'product_colors' ), array_keys( $fields ) );
		foreach ( $fields as $type => $list ) {
			foreach ( $list as $key => $field ) {
				FC_Test::true( in_array( $field['kind'], $kinds, true ), "{$type}.{$key} kind" );
				FC_Test::true( '' !== $field['label'], "{$type}.{$key} label" );
				if ( in_array( $field['kind'], array( 'relation', 'relations', 'hotspots' ), true ) ) {
					FC_Test::true( isset( FC_Catalogue_Model::post_types()[ $field['target'] ?? '' ] ), "{$type}.{$key} target" );
				}
			}
		}
		FC_Test::same( array( 'fc-catalogue' ), array_values( array_unique( FC_Stub::$domains ) ), 'text domain of the labels' );
	}
);

FC_Test::test(
	'the language-neutral fields of a product are the ones Polylang copies',
	static function () {
		FC_Test::same( array( 'code', 'dimensions', 'designer', 'collection', 'exclusive', 'gallery', 'related', 'year' ), FC_Catalogue_Fields::neutral_keys( FC_Catalogue_Fields::of( 'products' ) ) );
		FC_Test::same( array(), FC_Catalogue_Fields::of( 'post' ) );
		FC_Test::same( array( 'name', 'legal_name', 'address', 'city', 'country', 'vat', 'email', 'phone' ), array_keys( FC_Catalogue_Fields::company_parts() ) );
	}
);

FC_Test::test(
	'sanitizing: ids in order once, hotspots rounded, hex or nothing, only web addresses as social links',
	static function () {
		FC_Test::same( array( 3, 1, 2 ), FC_Catalogue_Model::sanitize( 'relations', array( 3, '1', 3, 0, -2, 'x' ) ) );
		FC_Test::same( 12, FC_Catalogue_Model::sanitize( 'relation', '12' ) );
		FC_Test::same( array( array( 'product' => 5, 'x' => 12.35, 'y' => 0.0 ) ), FC_Catalogue_Model::sanitize( 'hotspots', array( array( 'product' => '5', 'x' => '12.345', 'y' => null ), 'junk' ) ) );
		FC_Test::same( '#1F4E79', FC_Catalogue_Model::sanitize( 'hex', ' #1F4E79 ' ) );
		FC_Test::same( '', FC_Catalogue_Model::sanitize( 'hex', 'red' ) );
		$company = FC_Catalogue_Model::sanitize(
			'company',
			array(
				'name'   => ' FC <b>Porcellane</b> ',
				'email'  => 'info@fc.example',
				'social' => array(
					array( 'network' => 'Instagram', 'url' => 'https://www.instagram.com/fc' ),
					array( 'network' => 'Evil', 'url' => 'javascript:alert(1)' ),
					array( 'network' => 'Empty', 'url' => '' ),
				),
			)
		);
		FC_Test::same( 'FC Porcellane', $company['name'] );
		FC_Test::same( array( array( 'network' => 'Instagram', 'url' => 'https://www.instagram.com/fc' ), array( 'network' => 'Evil', 'url' => '' ) ), $company['social'] );
		FC_Test::same( null, FC_Catalogue_Model::sanitize( 'company', 'nope' ) );
	}
);

FC_Test::test(
	'REST schemas by kind',
	static function () {
		FC_Test::same( array( 'type' => 'integer' ), FC_Catalogue_Model::schema( 'relation' ) );
		FC_Test::same( 'array', FC_Catalogue_Model::schema( 'gallery' )['type'] );
		FC_Test::same( '^(#[0-9A-Fa-f]{6})?$', FC_Catalogue_Model::schema( 'hex' )['pattern'] );
		FC_Test::same( array( 'product', 'x', 'y' ), array_keys( FC_Catalogue_Model::schema( 'hotspots' )['items']['properties'] ) );
		FC_Test::true( isset( FC_Catalogue_Model::schema( 'company' )['properties']['social'] ), 'company social' );
	}
);
